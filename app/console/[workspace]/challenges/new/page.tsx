import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NEW_CHALLENGE } from "@/components/console/challenge-defaults";
import { ChallengeWizard } from "@/components/console/challenge-wizard/wizard";
import { env } from "@/lib/env";
import { listPlugins } from "@/lib/services/plugins";
import { CHALLENGE_TEMPLATES } from "@/lib/workflow/templates";
import { workspaceForPage } from "../../context";
import { BackHeader } from "@/components/console/back-header";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.challenges");
  return { title: t("newTitle") };
}

export default async function NewChallengePage({ params }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const [t, plugins] = await Promise.all([
    getTranslations("consolePages.challenges"),
    listPlugins(workspace.id),
  ]);
  return (
    <>
      <BackHeader
        backHref={`/console/${workspace.slug}/challenges`}
        title={t("newTitle")}
        lead={t("newLead")}
      />
      <ChallengeWizard
        workspace={workspace.slug}
        templates={CHALLENGE_TEMPLATES.map(({ id, name, description, defenses, defaults }) => ({
          id,
          name,
          description,
          defenses,
          defaults,
        }))}
        imageHosts={env.MARKDOWN_IMAGE_HOSTS}
        challenge={NEW_CHALLENGE}
        plugins={plugins.map((p) => ({
          pluginId: p.pluginId,
          name: p.name,
          kind: p.kind,
          entrypoints: p.entrypoints,
        }))}
      />
    </>
  );
}
