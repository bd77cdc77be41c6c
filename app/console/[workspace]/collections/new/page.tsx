import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CollectionForm } from "@/components/console/collection-form";
import { env } from "@/lib/env";
import { listPlugins } from "@/lib/services/plugins";
import { workspaceForPage } from "../../context";
import { BackHeader } from "@/components/console/back-header";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.collections");
  return { title: t("newTitle") };
}

export default async function NewCollectionPage({ params }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const [t, scorers] = await Promise.all([
    getTranslations("consolePages.collections"),
    listPlugins(workspace.id, { kind: "scorer" }),
  ]);
  return (
    <>
      <BackHeader
        backHref={`/console/${workspace.slug}/collections`}
        title={t("newTitle")}
        lead={t("newLead")}
      />
      <CollectionForm
        workspace={workspace.slug}
        imageHosts={env.MARKDOWN_IMAGE_HOSTS}
        collection={{
          name: "",
          description: null,
          instructions_md: null,
          theme: null,
          scoring_strategy: "sum",
          scoring_plugin_id: null,
          scoring_entrypoint: null,
          scoring_config: null,
          is_public: true,
          gated: false,
        }}
        scorers={scorers.map((p) => ({
          pluginId: p.pluginId,
          name: p.name,
          kind: p.kind,
          entrypoints: p.entrypoints,
        }))}
      />
    </>
  );
}
