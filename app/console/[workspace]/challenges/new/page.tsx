import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { NEW_CHALLENGE } from "@/components/console/challenge-defaults";
import { ChallengeForm } from "@/components/console/challenge-form";
import { env } from "@/lib/env";
import { listPlugins } from "@/lib/services/plugins";
import { workspaceForPage } from "../../context";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.challenges");
  return { title: t("newTitle") };
}

export default async function NewChallengePage({ params }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const [t, tc, plugins] = await Promise.all([
    getTranslations("consolePages.challenges"),
    getTranslations("consolePages.common"),
    listPlugins(workspace.id),
  ]);
  return (
    <>
      <div className="page-header">
        <p>
          <Link href={`/console/${workspace.slug}/challenges`}>← {tc("back")}</Link>
        </p>
        <h1>{t("newTitle")}</h1>
        <p className="lead">{t("newLead")}</p>
      </div>
      <ChallengeForm
        workspace={workspace.slug}
        imageHosts={env.MARKDOWN_IMAGE_HOSTS}
        challenge={NEW_CHALLENGE}
        plugins={plugins.map((p) => ({ pluginId: p.pluginId, name: p.name, kind: p.kind, entrypoints: p.entrypoints }))}
      />
    </>
  );
}
