import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { CollectionForm } from "@/components/console/collection-form";
import { DangerZone } from "@/components/console/danger-zone";
import { MembershipEditor } from "@/components/console/membership-editor";
import { Card } from "@/components/ui/card";
import { env } from "@/lib/env";
import { listChallenges } from "@/lib/services/challenges";
import { getCollection, type CollectionView } from "@/lib/services/collections";
import { listPlugins } from "@/lib/services/plugins";
import { workspaceForPage } from "../../context";
import { byIdOrNotFound, nameAsTitle, type DetailProps } from "../../detail";
import { deleteCollectionAction } from "../actions";
import { BackHeader, CreatedAlert } from "@/components/console/back-header";

const load = cache((workspaceId: string, id: string): Promise<CollectionView> =>
  byIdOrNotFound(id, (i) => getCollection(workspaceId, i)),
);

export const generateMetadata = nameAsTitle(load);

export default async function CollectionPage({ params, searchParams }: DetailProps) {
  const { workspace: slug, id } = await params;
  const { workspace } = await workspaceForPage(slug);
  const [collection, challenges, scorers, t, query] = await Promise.all([
    load(workspace.id, id),
    listChallenges(workspace.id),
    listPlugins(workspace.id, { kind: "scorer" }),
    getTranslations("consolePages.collections"),
    searchParams,
  ]);
  return (
    <>
      <BackHeader
        backHref={`/console/${workspace.slug}/collections`}
        title={collection.name}
        lead={t("editLead")}
      />
      <CreatedAlert shown={!!query.created} body={t("createdBody")} />
      <div className="stack-lg">
        <Card title={t("membersTitle")} description={t("membersLead")} headingLevel={2}>
          <MembershipEditor
            workspace={workspace.slug}
            collectionId={collection.id}
            initial={collection.challenges.map((c) => ({ id: c.id, name: c.name, is_active: c.is_active }))}
            available={challenges.map((c) => ({ id: c.id, name: c.name, is_active: c.is_active }))}
          />
        </Card>
        <CollectionForm
          workspace={workspace.slug}
          imageHosts={env.MARKDOWN_IMAGE_HOSTS}
          collection={{
            id: collection.id,
            name: collection.name,
            description: collection.description,
            instructions_md: collection.instructions_md,
            theme: collection.theme,
            scoring_strategy: collection.scoring_strategy,
            scoring_plugin_id: collection.scoring_plugin_id,
            scoring_entrypoint: collection.scoring_entrypoint,
            scoring_config: collection.scoring_config,
            is_public: collection.is_public,
            gated: collection.gated,
          }}
          scorers={scorers.map((p) => ({
            pluginId: p.pluginId,
            name: p.name,
            kind: p.kind,
            entrypoints: p.entrypoints,
          }))}
        />
        <DangerZone t={t} action={deleteCollectionAction} workspace={workspace.slug} record={collection} />
      </div>
    </>
  );
}
