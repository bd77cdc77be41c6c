import "server-only";
import { safeParseModelRef } from "@/lib/ai";
import { DEFAULT_RUN_CONCURRENCY, type PackRunView, type StartRunBody } from "@/lib/contracts/pack-runs";
import { db } from "@/lib/db";
import { serializePackRunStarts } from "@/lib/db/packs";
import { env } from "@/lib/env";
import { AppError, notFound, rateLimited } from "@/lib/errors";
import { uuidv7 } from "@/lib/ids";
import { enqueueJobIn } from "@/lib/jobs";
import { leftOutByReason, planRun, type PlannedCase } from "@/lib/packs/run/plan";
import type { Bundle } from "@/lib/packs/types";
import { findProviderConnection } from "@/lib/services/llm-providers";
import { PACK_RUN_QUEUE } from "@/lib/services/packs/runs/job";
import { getPackRun } from "@/lib/services/packs/runs/read";
import { activeRunCount, insertRun, insertRunCases } from "@/lib/services/packs/runs/store";

// A run of 20,000 cases is a large insert: more than Prisma's default 5 s on a slow disk.
const START_TRANSACTION = { timeout: 30_000, maxWait: 10_000 };

/** Most cases one run may plan (cases × models + security tests). */
export const MAX_RUN_CASES = 20_000;

const invalid = (message: string) => new AppError("validation_failed", message);

/** Checks that every model reference can be called from this workspace; returns them deduplicated. */
async function checkModels(workspaceId: string, models: string[]): Promise<string[]> {
  const unique = [...new Set(models.map((m) => m.trim()))];
  for (const ref of unique) {
    const parsed = safeParseModelRef(ref);
    if (!parsed.success) throw invalid(`models: ${parsed.error}`);
    const m = parsed.data;
    if (m.kind === "openai" && !env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
      throw invalid(
        `models: "${ref}" needs the instance's OpenAI endpoint (OPENAI_API_KEY), which is not configured`,
      );
    }
    if (m.kind === "provider" && !(await findProviderConnection(workspaceId, m.providerName))) {
      throw invalid(`models: this workspace has no model provider named "${m.providerName}"`);
    }
  }
  return unique;
}

/**
 * A run never leaves cases out silently: when some planned cases need a sandbox provider, the
 * caller must ask for the rest explicitly (prompt_only), else 422 needs_sandbox says how many and
 * why. Even then a run needs at least one case it can run.
 */
function checkLeftOut(cases: PlannedCase[], promptOnly: boolean): void {
  const leftOut = leftOutByReason(cases);
  const count = leftOut.reduce((sum, r) => sum + r.cases, 0);
  if (count === 0) return;
  const runnable = cases.length - count;
  const why = leftOut.map((r) => `${r.reason} (${r.cases})`).join("; ");
  if (!promptOnly) {
    throw new AppError(
      "needs_sandbox",
      `${count} of the run's ${cases.length} cases need a sandbox provider, which Gauntlet does not have: ${why}. ` +
        (runnable > 0
          ? `Start the run with prompt_only: true (CLI: --prompt-only) to run only the other ${runnable} cases.`
          : "No case of this run can run on text alone."),
      { details: { left_out: count, runnable, reasons: leftOut } },
    );
  }
  if (runnable === 0)
    throw new AppError(
      "needs_sandbox",
      `Every case of the run needs a sandbox provider, which Gauntlet does not have: ${why}. Nothing is left to run.`,
      { details: { left_out: count, runnable, reasons: leftOut } },
    );
}

/**
 * Starts a run: its cases are planned and written, and its first job enqueued, in one
 * transaction. Answers the run as it starts (status queued).
 */
export async function startPackRun(
  workspaceId: string,
  packId: string,
  body: StartRunBody,
  accountId: string | null,
): Promise<PackRunView> {
  const pack = await db.challengePack.findFirst({
    where: { workspaceId, OR: [{ id: packId }, { slug: packId }] },
    select: { id: true },
  });
  if (!pack) throw notFound("Challenge pack");
  const version = await db.challengePackVersion.findFirst({
    where: { packId: pack.id, ...(body.version ? { number: body.version } : {}) },
    orderBy: { number: "desc" },
    select: { id: true, number: true, manifest: true, inputSets: { select: { key: true } } },
  });
  if (!version)
    throw notFound(
      body.version ? `Version ${body.version} of this pack` : "A published version of this pack",
    );
  const inputSet = body.input_set ?? null;
  if (inputSet && !version.inputSets.some((s) => s.key === inputSet)) {
    throw invalid(`input_set: version ${version.number} has no input set "${inputSet}"`);
  }
  const models = await checkModels(workspaceId, body.models);
  const plan = planRun(version.manifest as unknown as Bundle, models, inputSet);
  if (plan.cases.length === 0)
    throw invalid("The run has no cases: the pack version has no cases or adversarial prompts");
  checkLeftOut(plan.cases, body.prompt_only === true);
  if (plan.cases.length > MAX_RUN_CASES) {
    throw invalid(
      `The run would have ${plan.cases.length} cases; at most ${MAX_RUN_CASES} per run (choose an input set or fewer models)`,
    );
  }
  const id = uuidv7();
  await db.$transaction(async (tx) => {
    const now = new Date();
    // Starts in one workspace take turns, so two at once cannot both pass the count below:
    // PostgreSQL takes a lock per workspace; on SQLite the insert (the first statement) takes the
    // database's write lock. The new run is counted with the others.
    await serializePackRunStarts(tx, workspaceId);
    await insertRun(
      tx,
      {
        id,
        workspaceId,
        versionId: version.id,
        inputSetKey: inputSet,
        models,
        options: {
          concurrency: body.concurrency ?? DEFAULT_RUN_CONCURRENCY,
          judgeModels: body.judge_models ?? {},
          ...(body.prompt_only ? { promptOnly: true } : {}),
        },
        createdById: accountId,
        cases: plan.cases,
      },
      now,
    );
    if ((await activeRunCount(tx, workspaceId)) > env.PACK_RUNS_PER_WORKSPACE) {
      throw rateLimited(
        30,
        `This workspace already has ${env.PACK_RUNS_PER_WORKSPACE} pack runs in progress; wait for one to finish or cancel one`,
      );
    }
    await insertRunCases(tx, id, plan.cases, now);
    await enqueueJobIn(tx, PACK_RUN_QUEUE, { runId: id, slice: 0 }, { singletonKey: `pack-run:${id}:0`, workspaceId });
  }, START_TRANSACTION);
  return getPackRun(workspaceId, id);
}
