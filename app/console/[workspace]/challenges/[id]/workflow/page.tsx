import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { WorkflowBuilder } from "@/components/builder/workflow-builder";
import type { BuilderChallenge, BuilderModelOption, BuilderOptions } from "@/components/builder/types";
import panels from "@/components/builder/panels.module.css";
import { ButtonLink } from "@/components/ui/button";
import { OFFLINE_DEFENDER, OFFLINE_LEVELS } from "@/lib/ai/offline/levels";
import { CHALLENGE_STRATEGIES } from "@/lib/contracts/scoring";
import { AppError } from "@/lib/errors";
import type { ChallengeView } from "@/lib/contracts/challenges";
import { getChallenge, listChallenges } from "@/lib/services/challenges";
import { listProviders } from "@/lib/services/llm-providers";
import { listPlugins } from "@/lib/services/plugins";
import { getWorkflow } from "@/lib/services/workflows";
import { workspaceForPage } from "../../../context";
import { publishAction, saveDraftAction } from "./actions";

type Params = Promise<{ workspace: string; id: string }>;

async function loadChallenge(workspaceId: string, id: string): Promise<ChallengeView> {
  try {
    return await getChallenge(workspaceId, id);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) notFound();
    throw err;
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { workspace: slug, id } = await params;
  const { workspace } = await workspaceForPage(slug);
  const [challenge, t] = await Promise.all([
    loadChallenge(workspace.id, id),
    getTranslations("builder.page"),
  ]);
  return { title: t("metaTitle", { name: challenge.name }) };
}

export default async function WorkflowPage({ params }: { params: Params }) {
  const { workspace: slug, id } = await params;
  const { workspace } = await workspaceForPage(slug);
  const challenge = await loadChallenge(workspace.id, id);
  const t = await getTranslations("builder.page");
  const back = `/console/${workspace.slug}/challenges/${challenge.id}`;
  if (!challenge.workflow_id) {
    return (
      <div className="page-header">
        <h1>{t("title", { name: challenge.name })}</h1>
        <p className="lead">{t("noWorkflow")}</p>
      </div>
    );
  }
  const [workflow, plugins, providers, challenges] = await Promise.all([
    getWorkflow(workspace.id, challenge.workflow_id),
    listPlugins(workspace.id),
    listProviders(workspace.id),
    listChallenges(workspace.id),
  ]);

  // Only what the builder shows: never the secret, its name or the stored success pattern.
  const builderChallenge: BuilderChallenge = {
    id: challenge.id,
    name: challenge.name,
    evaluatorType: challenge.evaluator_type,
    scoringStrategy: CHALLENGE_STRATEGIES.find((s) => s === challenge.scoring_strategy) ?? "first",
    scoringPlugin: challenge.scoring_plugin_id
      ? `${challenge.scoring_plugin_id}${challenge.scoring_entrypoint ? `/${challenge.scoring_entrypoint}` : ""}`
      : null,
  };
  const options: BuilderOptions = {
    challenge: builderChallenge,
    challenges: challenges.map((c) => ({ id: c.id, name: c.name })),
    plugins: plugins.map((p) => ({
      pluginId: p.pluginId,
      name: p.name,
      kind: p.kind,
      entrypoints: p.entrypoints,
      configSchema: p.configSchema,
    })),
    models: builderModels(providers, t("offlineModels")),
  };

  return (
    <div className={panels.page}>
      <div className={panels.pageHeader}>
        <h1>{t("title", { name: challenge.name })}</h1>
        <ButtonLink href={back} variant="ghost" size="sm">
          {t("backToChallenge")}
        </ButtonLink>
        <p>{t("lead")}</p>
      </div>
      <WorkflowBuilder
        workflowId={workflow.id}
        workspaceId={workspace.id}
        graph={workflow.draft_graph}
        publishedVersion={workflow.published_version}
        options={options}
        actions={{
          saveDraft: saveDraftAction.bind(null, workspace.slug, workflow.id),
          publish: publishAction.bind(null, workspace.slug, workflow.id),
        }}
      />
    </div>
  );
}

/**
 * The model dropdown's options: the offline models (every level, the defender, the judge) in one
 * group, then each workspace provider's models under its name. Names only: keys stay on the server.
 */
function builderModels(
  providers: { name: string; models: string[] }[],
  offlineGroup: string,
): BuilderModelOption[] {
  return [
    ...OFFLINE_LEVELS.map((l) => ({
      value: `offline:${l.id}`,
      label: `offline:${l.id} · ${l.number}. ${l.name}`,
      group: offlineGroup,
    })),
    {
      value: `offline:${OFFLINE_DEFENDER.id}`,
      label: `offline:${OFFLINE_DEFENDER.id} · reads its system prompt`,
      group: offlineGroup,
    },
    { value: "offline:judge", label: "offline:judge · judge", group: offlineGroup },
    ...providers.flatMap((p) =>
      p.models.map((m) => ({ value: `provider:${p.name}/${m}`, label: m, group: p.name })),
    ),
  ];
}
