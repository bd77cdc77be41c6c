import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PluginForm } from "@/components/console/plugin-form";
import { workspaceForPage } from "../../context";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.plugins");
  return { title: t("newTitle") };
}

export default async function NewPluginPage({ params }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const [t, tc] = await Promise.all([getTranslations("consolePages.plugins"), getTranslations("consolePages.common")]);
  return (
    <>
      <div className="page-header">
        <p>
          <Link href={`/console/${workspace.slug}/plugins`}>← {tc("back")}</Link>
        </p>
        <h1>{t("newTitle")}</h1>
        <p className="lead">{t("lead")}</p>
      </div>
      <PluginForm workspace={workspace.slug} />
    </>
  );
}
