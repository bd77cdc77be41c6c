import "server-only";
import type { PackImportResult } from "@/lib/contracts/pack-convert";
import { challengesFromBundle, starterGraph, type ImportedChallenge } from "@/lib/packs/convert";
import type { PackError } from "@/lib/packs/types";
import { createChallenge, deleteChallenge } from "@/lib/services/challenges";
import type { ChallengeView } from "@/lib/contracts/challenges";
import { PackInvalidError } from "@/lib/services/packs/publish";
import { validatePack } from "@/lib/services/packs/validate";
import { saveWorkflowDraft } from "@/lib/services/workflows";
import {
  challengeCreateSchema,
  checkChallengeState,
  type ChallengeCreateInput,
} from "@/lib/contracts/challenges";
import { validateDraft } from "@/lib/contracts/workflows";
import type { WorkflowGraph } from "@/lib/workflow/types";

// Importing a pack as draft challenges: the bundle is validated with every rule (422 like publish),
// each pack challenge is mapped (lib/packs/convert) and checked as the console would check it
// before anything is written; then each is created with the challenge service (its own workflow,
// the default app) and its workflow's draft set to the starter graph with the pack's
// instructions. Nothing is published: the creator reviews the drafts first. A failure part-way
// removes the challenges this import made.

/** Most challenges one import creates. */
export const MAX_IMPORT_CHALLENGES = 50;

interface Plan {
  from: ImportedChallenge;
  input: ChallengeCreateInput;
  graph: WorkflowGraph;
}

function planOf(from: ImportedChallenge): Plan {
  return {
    from,
    input: {
      name: from.name,
      description: from.description,
      goal: from.goal,
      difficulty: from.difficulty,
      success_type: from.successType,
      success_pattern: from.successPattern,
      evaluator_type: from.evaluatorType,
      evaluator_config: from.evaluatorConfig,
      instructions_md: from.instructionsMd,
      ...(from.secret !== null ? { secret: from.secret } : {}),
    },
    graph: starterGraph(from.systemTemplate, { model: from.model, userTemplate: from.userTemplate }),
  };
}

/** What the console would refuse of a planned challenge, as pack errors under `challenges[i]`. */
function problemsOf(plan: Plan, i: number): PackError[] {
  const at = (path: string) => (path === "" ? `challenges[${i}]` : `challenges[${i}].${path}`);
  const parsed = challengeCreateSchema.safeParse(plan.input);
  if (!parsed.success)
    return parsed.error.issues.map((issue) => ({ field: at(issue.path.join(".")), message: issue.message }));
  const state = checkChallengeState({
    success_type: parsed.data.success_type,
    success_pattern: parsed.data.success_pattern ?? null,
    has_secret: parsed.data.secret !== undefined,
    evaluator_type: parsed.data.evaluator_type,
    evaluator_plugin_id: null,
    evaluator_config: parsed.data.evaluator_config ?? null,
    scoring_strategy: parsed.data.scoring_strategy,
    scoring_plugin_id: null,
    theme: null,
  });
  const graph = validateDraft(plan.graph);
  return [
    ...state.map((issue) => ({ field: at(issue.path), message: issue.message })),
    ...(graph.ok ? [] : graph.issues.map((issue) => ({ field: at("instructions"), message: issue.message }))),
  ];
}

export async function importPackChallenges(
  workspaceId: string,
  actorId: string | null,
  yamlText: string,
): Promise<PackImportResult> {
  const checked = await validatePack(yamlText, workspaceId);
  if (!checked.valid || !checked.bundle) throw new PackInvalidError(checked.errors);
  const mapped = challengesFromBundle(checked.bundle);
  if (mapped.length > MAX_IMPORT_CHALLENGES) {
    throw new PackInvalidError([
      { field: "challenges", message: `must contain at most ${MAX_IMPORT_CHALLENGES} challenges to import` },
    ]);
  }
  const plans = mapped.map(planOf);
  const problems = plans.flatMap(problemsOf);
  if (problems.length > 0) throw new PackInvalidError(problems);

  const created: { plan: Plan; view: ChallengeView }[] = [];
  try {
    for (const plan of plans) {
      const view = await createChallenge(workspaceId, actorId, plan.input);
      created.push({ plan, view });
      if (view.workflow_id) await saveWorkflowDraft(workspaceId, actorId, view.workflow_id, plan.graph);
    }
  } catch (err) {
    await Promise.allSettled(created.map(({ view }) => deleteChallenge(workspaceId, view.id)));
    throw err;
  }
  return {
    challenges: created.map(({ plan, view }) => ({ id: view.id, slug: plan.from.key, title: view.name })),
  };
}
