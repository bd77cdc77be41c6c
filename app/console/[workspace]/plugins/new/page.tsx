import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PluginForm } from "@/components/console/plugin-form";
import { workspaceForPage } from "../../context";
import { BackHeader } from "@/components/console/back-header";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.plugins");
  return { title: t("newTitle") };
}

export default async function NewPluginPage({ params }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const t = await getTranslations("consolePages.plugins");
  return (
    <>
      <BackHeader backHref={`/console/${workspace.slug}/plugins`} title={t("newTitle")} lead={t("lead")} />
      <PluginForm workspace={workspace.slug} />
    </>
  );
}
