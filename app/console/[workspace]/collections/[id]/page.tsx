import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { CollectionForm } from "@/components/console/collection-form";
import { DangerZone } from "@/components/console/danger-zone";
import styles from "@/components/console/console.module.css";
import { MembershipEditor } from "@/components/console/membership-editor";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { listChallenges } from "@/lib/services/challenges";
import { getCollection, type CollectionView } from "@/lib/services/collections";
import { listPlugins } from "@/lib/services/plugins";
import { idParams } from "@/lib/contracts/params";
import { workspaceForPage } from "../../context";
import { deleteCollectionAction } from "../actions";
import { BackHeader } from "@/components/console/back-header";

type Props = {
  params: Promise<{ workspace: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const load = cache(async (workspaceId: string, id: string): Promise<CollectionView> => {
  if (!idParams.safeParse({ id }).success) notFound();
  try {
    return await getCollection(workspaceId, id);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace: slug, id } = await params;
  const { workspace } = await workspaceForPage(slug);
  return { title: (await load(workspace.id, id)).name };
}

export default async function CollectionPage({ params, searchParams }: Props) {
  const { workspace: slug, id } = await params;
  const { workspace } = await workspaceForPage(slug);
  const [collection, challenges, scorers, t, tc, query] = await Promise.all([
    load(workspace.id, id),
    listChallenges(workspace.id),
    listPlugins(workspace.id, { kind: "scorer" }),
    getTranslations("consolePages.collections"),
    getTranslations("consolePages.common"),
    searchParams,
  ]);
  return (
    <>
      <BackHeader backHref={`/console/${workspace.slug}/collections`} backLabel={tc("back")} title={collection.name} lead={t("editLead")} />
      {query.created ? (
        <Alert tone="success" className={styles.section}>
          {t("createdBody")}
        </Alert>
      ) : null}
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
          scorers={scorers.map((p) => ({ pluginId: p.pluginId, name: p.name, kind: p.kind, entrypoints: p.entrypoints }))}
        />
        <DangerZone
          title={t("dangerTitle")}
          lead={t("dangerLead")}
          action={deleteCollectionAction}
          hidden={{ workspace: workspace.slug, id: collection.id }}
          label={t("delete")}
          question={t("deleteQuestion", { name: collection.name })}
          confirmLabel={t("deleteConfirm")}
        />
      </div>
    </>
  );
}
