import { z } from "zod";

// A case's stored `result` (lib/packs/run/execute.ts CaseResult) read defensively for display:
// each part parses on its own, so one unexpected part leaves the others readable.

const num = z.number().nullable().catch(null);

const validator = z.object({
  key: z.string(),
  type: z.string().catch(""),
  passed: z.boolean().nullable().catch(null),
  score: num,
  evidence: z.string().catch(""),
});

const judgeModel = z.object({
  model: z.string(),
  resolvedModel: z.string().optional().catch(undefined),
  ratings: z.array(z.number().nullable()).catch([]),
  score: num,
  passed: z.boolean().nullable().catch(null),
  errors: z.array(z.string()).optional().catch(undefined),
});

const judge = z.object({
  key: z.string(),
  mode: z.string().catch(""),
  score: num,
  passed: z.boolean().nullable().catch(null),
  models: z.array(judgeModel).catch([]),
  agreement: z.number().optional().catch(undefined),
  flagged: z.boolean().optional().catch(undefined),
  note: z.string().optional().catch(undefined),
});

const dimension = z.object({
  key: z.string(),
  source: z.string().catch(""),
  score: num,
  passed: z.boolean().nullable().catch(null),
  note: z.string().optional().catch(undefined),
});

const finding = z.object({
  kind: z.string(),
  name: z.string().catch(""),
  severity: z.string().catch(""),
  detail: z.string().catch(""),
});

const caseResult = z.object({
  prompt: z
    .object({ system: z.string().catch(""), user: z.string().catch("") })
    .nullable()
    .catch(null),
  validators: z.array(validator).catch([]),
  judges: z.array(judge).catch([]),
  score: z
    .object({
      dimensions: z.array(dimension).catch([]),
      overall: num,
      passed: z.boolean().catch(false),
      reason: z.string().catch(""),
    })
    .nullable()
    .catch(null),
  security: z
    .object({ findings: z.array(finding).catch([]), passed: z.boolean().catch(false) })
    .nullable()
    .catch(null),
});

export type CaseResultView = z.infer<typeof caseResult>;
export type JudgeView = z.infer<typeof judge>;

const EMPTY: CaseResultView = { prompt: null, validators: [], judges: [], score: null, security: null };

export function readCaseResult(result: Record<string, unknown> | null): CaseResultView {
  if (!result) return EMPTY;
  const parsed = caseResult.safeParse({
    prompt: result.prompt ?? null,
    validators: result.validators ?? [],
    judges: result.judges ?? [],
    score: result.score ?? null,
    security: result.security ?? null,
  });
  return parsed.success ? parsed.data : EMPTY;
}
