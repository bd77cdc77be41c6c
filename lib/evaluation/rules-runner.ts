import "server-only";
import { Worker } from "node:worker_threads";
import { env } from "@/lib/env";
import { clipForEvaluation } from "@/lib/evaluation/limits";
import { CreatorRegexError, compileCreatorRegex, INLINE_REGEX_COST } from "@/lib/evaluation/regex";
import {
  planRules,
  rulesRegexError,
  rulesVerdict,
  type EvaluateRulesInput,
} from "@/lib/evaluation/rules";
import type { EvaluationResult } from "@/lib/evaluation/types";
import { FairWorker, type FairWorkerOptions, type WorkerCancelled, type WorkerFailure } from "@/lib/fair-worker";

// Rules evaluation with bounded cost: RE2's cost grows with the pattern's size, so costly searches
// run on a worker with a time budget (lib/evaluation/README.md, 'Rules cost').

export { INLINE_REGEX_COST };

export const RULES_TIMEOUT_FEEDBACK =
  "The success check took too long on this response, so it was not evaluated. This attempt was not counted; please try again.";

export type RegexSearch = { ok: true; matched: boolean } | WorkerFailure | WorkerCancelled;

export type RegexRunnerOptions = FairWorkerOptions;

type RegexAnswer = { matched?: boolean; error?: string };

/** One worker thread for costly searches, with a per-search time budget and fair turns. */
export class RegexRunner extends FairWorker<{ pattern: string; flags: string; text: string }, RegexAnswer, { ok: true; matched: boolean }> {
  /** Options: a search's budget (default RULES_REGEX_TIMEOUT_MS) and its longest wait in the queue. */
  constructor(options: RegexRunnerOptions = {}) {
    super(
      {
        spawn: () =>
          new Worker(new URL("./regex-worker.mjs", import.meta.url), {
            resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
          }),
        defaultTimeoutMs: () => env.RULES_REGEX_TIMEOUT_MS,
        maxQueuedPerTenant: 16,
        answer: (message) => (typeof message.matched === "boolean" ? { ok: true, matched: message.matched } : null),
      },
      options,
    );
  }

  search(tenant: string, pattern: string, flags: string, text: string, signal?: AbortSignal): Promise<RegexSearch> {
    return this.run(tenant, { pattern, flags, text }, signal);
  }
}

const globalForRunner = globalThis as unknown as { __gauntletRegexRunner?: RegexRunner };

/** The process-wide runner (kept on globalThis so dev reloads do not leak workers). */
export function getRegexRunner(): RegexRunner {
  globalForRunner.__gauntletRegexRunner ??= new RegexRunner();
  return globalForRunner.__gauntletRegexRunner;
}

export interface EvaluateRulesBoundedInput extends EvaluateRulesInput {
  /** Whose search this is: workspaces take turns on the worker. */
  workspaceId: string;
  signal?: AbortSignal;
  /** Tests pass their own runner. */
  runner?: RegexRunner;
}

/** evaluateRules with the text capped and the regex search's cost bounded (see above). */
export async function evaluateRulesBounded(input: EvaluateRulesBoundedInput): Promise<EvaluationResult> {
  const text = clipForEvaluation(input.text);
  const plan = planRules({ ...input, text });
  if (plan.kind === "result") return plan.result;
  let regex: ReturnType<typeof compileCreatorRegex>;
  try {
    regex = compileCreatorRegex(plan.pattern, plan.flags);
  } catch (err) {
    if (err instanceof CreatorRegexError) return rulesRegexError(err, plan.usesSecret);
    throw err;
  }
  if (regex.programSize() * text.length <= INLINE_REGEX_COST) return rulesVerdict(regex.test(text));
  const runner = input.runner ?? getRegexRunner();
  const found = await runner.search(input.workspaceId, plan.pattern, plan.flags ?? "", text, input.signal);
  if (found.ok) return rulesVerdict(found.matched);
  if (found.reason === "cancelled" && input.signal?.aborted) throw input.signal.reason as Error;
  return {
    outcome: "error",
    rating: null,
    feedback: RULES_TIMEOUT_FEEDBACK,
    evaluator: "rules",
    raw: { configError: `the regex search did not finish (${found.reason}); program size ${regex.programSize()}, ${text.length} characters` },
  };
}
