import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RedBlueForm } from "@/components/red-blue/red-blue-form";
import { DEFAULT_RED_BLUE_SETTINGS, redBlueCreateSchema } from "@/lib/contracts/red-blue";
import { env } from "@/lib/env";
import { workspaceForPage } from "../../context";
import { redBlueFormOptions } from "../form-options";
import { BackHeader } from "@/components/console/back-header";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.redBlue");
  return { title: t("newTitle") };
}

export default async function NewRedBluePage({ params }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const [t, options] = await Promise.all([
    getTranslations("consolePages.redBlue"),
    redBlueFormOptions(workspace.id),
  ]);
  // The contract's defaults (judge suite, policies, strategy) for a new challenge.
  const defaults = redBlueCreateSchema.parse({ app_id: "00000000-0000-4000-8000-000000000000", name: "new" });
  return (
    <>
      <BackHeader
        backHref={`/console/${workspace.slug}/red-blue`}
        title={t("newTitle")}
        lead={t("newLead")}
      />
      <RedBlueForm
        workspace={workspace.slug}
        imageHosts={env.MARKDOWN_IMAGE_HOSTS}
        options={options}
        challenge={{
          name: "",
          description: null,
          instructions_md: null,
          theme: null,
          workflow_id: null,
          judge_suite: defaults.judge_suite,
          defense_selection_policy: defaults.defense_selection_policy,
          attack_selection_policy: defaults.attack_selection_policy,
          scoring_strategy: defaults.scoring_strategy,
          is_active: true,
          settings: DEFAULT_RED_BLUE_SETTINGS,
        }}
      />
    </>
  );
}
