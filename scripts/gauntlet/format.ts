// Pure text of the pack-run commands: the progress bar, the ETA, the plain progress line for logs,
// the summary per model and one line per case. No I/O here (tests/unit/packs/cli-format.test.ts).
import type { PackRunCaseView, PackRunView } from "../../lib/contracts/pack-runs";

type Progress = Pick<PackRunView, "status" | "done_cases" | "total_cases" | "eta_seconds">;

/** "4s", "2m 05s", "1h 02m"; "" when unknown. */
export function etaText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return "";
  const s = Math.ceil(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

/** Whole percent done, never over 100 (0 for a run without cases). */
export function percent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((done / total) * 100));
}

/** `[########------] 12/21 57% ETA 4s`; a run that is not running says its status instead of an ETA. */
export function progressBar(run: Progress, width = 24): string {
  const w = Math.max(1, width);
  const filled = run.total_cases <= 0 ? 0 : Math.min(w, Math.floor((run.done_cases / run.total_cases) * w));
  const bar = `[${"#".repeat(filled)}${"-".repeat(w - filled)}]`;
  return `${bar} ${progressTail(run)}`;
}

/** The same without the bar, for logs and CI (one line per change, no escape codes). */
export function progressLine(run: Progress): string {
  return `progress: ${progressTail(run)}`;
}

function progressTail(run: Progress): string {
  const parts = [`${run.done_cases}/${run.total_cases}`, `${percent(run.done_cases, run.total_cases)}%`];
  if (run.status !== "running") parts.push(run.status);
  else {
    const eta = etaText(run.eta_seconds);
    if (eta) parts.push(`ETA ${eta}`);
  }
  return parts.join(" ");
}

const rate = (v: number | null) => (v === null ? "-" : `${(v * 100).toFixed(1)}%`);
const score = (v: number | null) => (v === null ? "-" : v.toFixed(3));
const usd = (v: number) => `$${v.toFixed(4)}`;

/**
 * `eval-trio v1 run <id>: completed, 8/8 cases`, then per model what was measured: its counts,
 * the scorecard when cases were scored (pass rate, mean overall, each dimension that scored
 * something), cost, the security tests; then the cases left out and why.
 */
export function summaryLines(run: PackRunView): string[] {
  const lines = [
    `${run.pack_slug} v${run.version_number} run ${run.id}: ${run.status}, ${run.done_cases}/${run.total_cases} cases` +
      (run.input_set ? ` (input set ${run.input_set})` : ""),
  ];
  if (run.error) lines.push(`  error: ${run.error}`);
  const summary = run.summary;
  if (!summary) {
    lines.push("  no summary yet");
    return lines;
  }
  for (const m of summary.models) {
    const card = m.scorecard;
    const leftOut = m.needs_sandbox ? `, ${m.needs_sandbox} left out` : "";
    lines.push(
      `${m.model}: ${m.cases} cases (${m.passed} passed, ${m.failed} failed, ${m.errors} errors${leftOut})`,
    );
    if (card.cases > 0) {
      lines.push(`  pass rate     ${rate(card.pass_rate)} (${card.passed}/${card.cases} scored)`);
      lines.push(`  mean overall  ${score(card.mean_overall)}`);
    }
    for (const d of card.dimensions) {
      if (d.scored === 0) continue;
      const pass = d.pass_rate === null ? "" : `, pass ${rate(d.pass_rate)}`;
      lines.push(`  ${d.key.padEnd(13)} ${score(d.mean)} (${d.source}, ${d.scored} scored${pass})`);
    }
    lines.push(`  cost          ${usd(m.cost_usd)} (${m.tokens} tokens)`);
    if (m.security.tests)
      lines.push(
        `  security      ${m.security.passed}/${m.security.tests} passed, ${m.security.findings} findings`,
      );
    if (m.cancelled) lines.push(`  cancelled     ${m.cancelled}`);
    if (m.pending) lines.push(`  pending       ${m.pending}`);
  }
  if (summary.judge_tokens || summary.judge_cost_usd)
    lines.push(`judges: ${usd(summary.judge_cost_usd)} (${summary.judge_tokens} tokens)`);
  const leftOut = summary.left_out;
  if (leftOut && leftOut.cases > 0) {
    lines.push(`left out: ${leftOut.cases} cases need a sandbox provider (not run, not failed):`);
    for (const r of leftOut.reasons) lines.push(`  ${r.cases} × ${r.reason}`);
  } else if (!leftOut && run.sandbox_cases > 0) {
    lines.push(`left out: ${run.sandbox_cases} cases need a sandbox provider (not run, not failed)`);
  }
  for (const note of summary.sandbox_notes) lines.push(`note: ${note}`);
  return lines;
}

/** `model input_set/case_key status overall`. */
export function caseLine(
  c: Pick<PackRunCaseView, "model" | "input_set" | "case_key" | "status" | "overall">,
): string {
  return `${c.model} ${c.input_set}/${c.case_key} ${c.status} ${score(c.overall)}`;
}

/** `eval-trio@3` → { slug, version: 3 }; `eval-trio` → no version; null when malformed. */
export function parsePackRef(ref: string): { slug: string; version?: number } | null {
  const at = ref.lastIndexOf("@");
  if (at < 0) return ref.trim() ? { slug: ref.trim() } : null;
  const slug = ref.slice(0, at).trim();
  const text = ref.slice(at + 1).trim();
  if (!slug || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const version = Number(text);
  return version <= 2_147_483_647 ? { slug, version } : null;
}

/** `--judge-model name=ref` pairs → { name: ref }; an error message for a malformed or repeated name. */
export function parseJudgeModels(pairs: string[]): Record<string, string> | string {
  const out: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    const name = eq < 0 ? "" : pair.slice(0, eq).trim();
    const ref = eq < 0 ? "" : pair.slice(eq + 1).trim();
    if (!name || !ref) return `--judge-model "${pair}": expected name=ref (e.g. gpt-4o=offline:judge)`;
    if (Object.hasOwn(out, name)) return `--judge-model: "${name}" given twice`;
    out[name] = ref;
  }
  return out;
}
