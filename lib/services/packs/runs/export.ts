import "server-only";
import type { ComparisonView, PackRunCaseView } from "@/lib/contracts/pack-runs";
import { csvField } from "@/lib/csv";
import { AppError } from "@/lib/errors";
import { caseOutcomes, getPackRun, runCasePage, type CaseOutcomeRow } from "@/lib/services/packs/runs/read";

// A run's results as a file (JSON: the run and every case; CSV: one row per case) and two runs —
// or two models of one run — side by side.

const CSV_COLUMNS = [
  "ordinal",
  "model",
  "kind",
  "input_set",
  "challenge_key",
  "case_key",
  "status",
  "overall",
  "passed_validators",
  "judge_scores",
  "security_findings",
  "latency_ms",
  "tokens",
  "cost_usd",
  "error",
  "output",
] as const;

function csvRow(c: PackRunCaseView): string {
  const result = c.result ?? {};
  const validators = Array.isArray(result.validators)
    ? (result.validators as { key: string; passed: boolean }[])
    : [];
  const judges = Array.isArray(result.judges)
    ? (result.judges as { key: string; score: number | null }[])
    : [];
  const security = (result.security as { findings?: unknown[] } | null) ?? null;
  const values: Record<(typeof CSV_COLUMNS)[number], unknown> = {
    ordinal: c.ordinal,
    model: c.model,
    kind: c.kind,
    input_set: c.input_set,
    challenge_key: c.challenge_key,
    case_key: c.case_key,
    status: c.status,
    overall: c.overall,
    passed_validators:
      validators.length === 0 ? "" : `${validators.filter((v) => v.passed).length}/${validators.length}`,
    judge_scores: judges.map((j) => `${j.key}=${j.score ?? "none"}`).join(" "),
    security_findings: security?.findings?.length ?? "",
    latency_ms: c.latency_ms,
    tokens: c.tokens,
    cost_usd: c.cost_usd,
    error: c.error,
    output: c.output,
  };
  return CSV_COLUMNS.map((col) => csvField(values[col])).join(",");
}

const EXPORT_PAGE = 200;

/**
 * A run's results as a file, streamed: cases are read and written a page at a time, so a run of
 * 20,000 cases with long outputs never sits in memory whole.
 */
export async function exportPackRun(
  workspaceId: string,
  runId: string,
  format: "json" | "csv",
): Promise<{ body: ReadableStream<Uint8Array>; contentType: string; filename: string }> {
  const run = await getPackRun(workspaceId, runId);
  const base = `${run.pack_slug}-v${run.version_number}-run-${run.id}`;
  const csv = format === "csv";
  const encoder = new TextEncoder();
  let after = -1;
  let first = true;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(
          encoder.encode(
            csv ? `${CSV_COLUMNS.join(",")}\r\n` : `{"run": ${JSON.stringify(run)},\n"cases": [`,
          ),
        );
        return;
      }
      const page = await runCasePage(runId, after, EXPORT_PAGE);
      if (page.length === 0) {
        if (!csv) controller.enqueue(encoder.encode("\n]}\n"));
        controller.close();
        return;
      }
      after = page.at(-1)!.ordinal;
      const text = csv
        ? page.map((c) => `${csvRow(c)}\r\n`).join("")
        : page.map((c) => `${first && c === page[0] ? "" : ","}\n${JSON.stringify(c)}`).join("");
      first = false;
      controller.enqueue(encoder.encode(text));
    },
  });
  return {
    body,
    contentType: csv ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
    filename: `${base}.${csv ? "csv" : "json"}`,
  };
}

const caseId = (c: CaseOutcomeRow) => `${c.input_set}\u0000${c.case_key}`;

/**
 * Compares run a (model aModel, default its first) with run b (model bModel, default its first;
 * b may be a itself to compare two models of one run): each scorecard dimension's mean and every
 * case matched by input set and case key.
 */
export async function comparePackRuns(
  workspaceId: string,
  a: string,
  b: string,
  aModel?: string,
  bModel?: string,
): Promise<ComparisonView> {
  const [runA, runB] = await Promise.all([getPackRun(workspaceId, a), getPackRun(workspaceId, b)]);
  const modelA = aModel ?? runA.models[0] ?? "";
  const modelB = bModel ?? (a === b ? (runB.models[1] ?? runB.models[0]) : runB.models[0]) ?? "";
  if (!runA.models.includes(modelA))
    throw new AppError("validation_failed", `a_model: run ${a} did not run "${modelA}"`);
  if (!runB.models.includes(modelB))
    throw new AppError("validation_failed", `b_model: run ${b} did not run "${modelB}"`);
  const [casesA, casesB] = await Promise.all([caseOutcomes(a), caseOutcomes(b)]);
  const mine = (cases: CaseOutcomeRow[], model: string) => cases.filter((c) => c.model === model);
  const byId = new Map(mine(casesB, modelB).map((c) => [caseId(c), c]));
  const seen = new Set<string>();
  const rows: ComparisonView["cases"] = [];
  for (const ca of mine(casesA, modelA)) {
    const cb = byId.get(caseId(ca));
    seen.add(caseId(ca));
    rows.push({
      input_set: ca.input_set,
      case_key: ca.case_key,
      a_status: ca.status,
      b_status: cb?.status ?? null,
      a_overall: ca.overall,
      b_overall: cb?.overall ?? null,
      changed: !cb || cb.status !== ca.status || cb.overall !== ca.overall,
    });
  }
  for (const cb of mine(casesB, modelB)) {
    if (seen.has(caseId(cb))) continue;
    rows.push({
      input_set: cb.input_set,
      case_key: cb.case_key,
      a_status: null,
      b_status: cb.status,
      a_overall: null,
      b_overall: cb.overall,
      changed: true,
    });
  }
  const dimsOf = (run: typeof runA, model: string) =>
    new Map(
      (run.summary?.models.find((m) => m.model === model)?.scorecard.dimensions ?? []).map((d) => [
        d.key,
        d.mean,
      ]),
    );
  const dimsA = dimsOf(runA, modelA);
  const dimsB = dimsOf(runB, modelB);
  const passA = runA.summary?.models.find((m) => m.model === modelA)?.scorecard.pass_rate ?? null;
  const passB = runB.summary?.models.find((m) => m.model === modelB)?.scorecard.pass_rate ?? null;
  const keys = [...new Set([...dimsA.keys(), ...dimsB.keys()])];
  const delta = (x: number | null, y: number | null) => (x === null || y === null ? null : y - x);
  const dimensions = [
    { key: "pass_rate", a: passA, b: passB, delta: delta(passA, passB) },
    ...keys.map((key) => {
      const va = dimsA.get(key) ?? null;
      const vb = dimsB.get(key) ?? null;
      return { key, a: va, b: vb, delta: delta(va, vb) };
    }),
  ];
  return { a: runA, b: runB, a_model: modelA, b_model: modelB, dimensions, cases: rows };
}
