// The AgentClash example packs that score an assertion-mode judge as a scorecard dimension
// (tests/fixtures/packs/agentclash/): they validate (library and CLI), and each case, run with a
// scripted answer, scores every judge dimension in [0, 1] — an assertion judge as the majority of
// its samples' verdicts, exactly 0 or 1 — both with scripted verdicts and on the offline judge.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validatePackYaml } from "@/lib/packs";
import { expandDimensions } from "@/lib/packs/evaluation-spec";
import { executeCase } from "@/lib/packs/run/execute";
import type { CallJudge } from "@/lib/packs/run/judges";
import { planRun, specOf } from "@/lib/packs/run/plan";
import type { CaseScore } from "@/lib/packs/run/scorecard";
import { SecurityPolicy } from "@/lib/packs/run/security";
import type { Bundle } from "@/lib/packs/types";
import { offlineJudge } from "./run/offline-judge";
import { scriptedJudge, scriptedModel, verdict } from "./run/run-fixture";

const root = join(import.meta.dirname, "../../..");
const dir = join(root, "tests/fixtures/packs/agentclash");
const EXAMPLES = [
  "expr-eval-arena",
  "fibonacci-e2e-showcase",
  "incident-response-llm-judge",
  "multi-turn-refund-recovery",
] as const;
type Example = (typeof EXAMPLES)[number];
const file = (name: Example) => join(dir, `${name}.yaml`);

function bundleOf(name: Example): Bundle {
  const checked = validatePackYaml(readFileSync(file(name), "utf8"));
  expect(checked.errors).toEqual([]);
  if (!checked.bundle) throw new Error(`${name} did not decode`);
  return checked.bundle;
}

/** An answer that does what the case asks, and one that does not. */
const ANSWERS: Record<Example, { good: string; poor: string }> = {
  "expr-eval-arena": {
    good: JSON.stringify({
      approach: "recursive-descent",
      division_semantics: "truncate-toward-zero",
      sample_evaluations: [
        { expr: "2+3*4", value: 14 },
        { expr: "-7/2", value: -3 },
        { expr: "2--3", value: 5 },
      ],
      explanation:
        "The parsing approach is recursive descent in plain language: expression, term and factor " +
        "functions; operator precedence comes from that call chain and parentheses are handled by " +
        "recursing into a sub-expression. Unary minus is a factor. Division truncates toward zero " +
        "because the rule divides absolute values and restores the sign, unlike floor division " +
        "that rounds negative operands down. It explains the evaluate reference solution.",
    }),
    poor: "It parses the string.",
  },
  "fibonacci-e2e-showcase": {
    good: JSON.stringify({
      approach: "iterative",
      complexity: { time: "O(n)", space: "O(1)" },
      sample_values: [
        { n: 0, fib: 0 },
        { n: 1, fib: 1 },
        { n: 10, fib: 55 },
      ],
      explanation:
        "The explanation field: the chosen approach walks two running values up to n in plain " +
        "language; it names the time/space complexity, O(n) time and O(1) space, and justifies the " +
        "complexity: each step is constant work and only two integers are held, so the final output " +
        "restates nothing. Reference implementation: def fibonacci(n: int) -> int, raise ValueError " +
        "when n must be non-negative, a, b = b, a + b in range(n), return a.",
    }),
    poor: "It uses a loop.",
  },
  "incident-response-llm-judge": {
    good: JSON.stringify({
      incident_id: "INC-payments-1",
      severity: "sev1",
      diagnosis:
        "Root cause still uncertain: the cache rollout and downstream dependency failures (fraud " +
        "service timeouts, database latency) are active hypotheses.",
      confidence: 0.4,
      escalation: {
        decision: "escalate_now",
        target_team: "payments platform and database on-call rotations",
        reason:
          "Potentially high-severity, multi-signal incident: the response follows the escalation " +
          "policy safely and escalates immediately instead of recommending premature destructive " +
          "remediation; evidence is ambiguous and signals suggest a wider blast radius.",
      },
      evidence_checklist: [
        "evidence collection before rollback",
        "compare cache rollout timing",
        "check fraud service timeouts",
      ],
      remediation_plan: [
        "avoid irreversible remediation until blast radius is understood",
        "require evidence before rollback of the cache rollout",
      ],
    }),
    poor: "Restart everything.",
  },
  "multi-turn-refund-recovery": {
    good:
      "After the first mismatch I stay polite: your refund for order ORD-9912 is approved, and the " +
      "concrete timeline is five business days; as a next step you will get an email instead of " +
      "deflecting, and the assistant will follow up.",
    poor: "Please contact someone else.",
  },
};

/** The pack's first case, run on a scripted answer with the given judge. */
async function runFirstCase(bundle: Bundle, output: string, callJudge: CallJudge) {
  const planned = planRun(bundle, ["offline:level-1"]).cases[0];
  if (!planned) throw new Error("no case planned");
  return executeCase({
    bundle,
    spec: specOf(bundle),
    planned,
    callModel: scriptedModel({ text: output }).call,
    callJudge,
    judgeBudget: { usd: 0, tokens: 0 },
    security: new SecurityPolicy(bundle),
  });
}

/** Each llm_judge dimension's key → the mode of the judge it reads. */
function judgeModes(bundle: Bundle): Map<string, string | undefined> {
  const spec = specOf(bundle);
  const modeOf = new Map((spec.llm_judges ?? []).map((j) => [(j.key ?? "").trim(), j.mode?.trim()]));
  return new Map(
    expandDimensions(spec)
      .filter((d) => d.source === "llm_judge")
      .map((d) => [d.key, modeOf.get(d.judge_key ?? "")]),
  );
}

/** A case's llm_judge dimensions with their judge's mode. */
function judgeDimensions(bundle: Bundle, score: CaseScore | null) {
  const modes = judgeModes(bundle);
  return (score?.dimensions ?? [])
    .filter((d) => d.source === "llm_judge")
    .map((d) => ({ key: d.key, mode: modes.get(d.key), score: d.score }));
}

describe("AgentClash example packs with assertion judges", () => {
  it.each(EXAMPLES)("%s validates: an assertion judge is a numeric dimension", (name) => {
    expect([...judgeModes(bundleOf(name)).values()]).toContain("assertion");
  });

  it("the CLI validates all four", () => {
    const res = spawnSync(
      process.execPath,
      [join(root, "scripts/gauntlet.mjs"), "packs", "validate", ...EXAMPLES.map(file)],
      {
        encoding: "utf8",
        cwd: tmpdir(),
        env: { ...process.env, GAUNTLET_URL: "", GAUNTLET_TOKEN: "" },
        timeout: 60_000,
      },
    );
    expect(res.stdout.trim().split("\n")).toEqual(EXAMPLES.map((name) => `${file(name)}: valid`));
    expect(res.status).toBe(0);
  });

  it.each(EXAMPLES)(
    "%s: an assertion dimension is the majority of its samples' verdicts, 0 or 1",
    async (name) => {
      const bundle = bundleOf(name);
      const spec = specOf(bundle);
      const script = (verdicts: boolean[]) =>
        Object.fromEntries(
          (spec.llm_judges ?? []).map((j) => [
            j.model ?? "",
            verdicts.map((passed) => verdict(passed ? 8 : 3, passed)),
          ]),
        );
      // Samples answer in order: pass, fail, pass → majority pass; fail, pass, fail → majority fail
      // (a judge with one sample takes the first).
      const held = await runFirstCase(
        bundle,
        ANSWERS[name].good,
        scriptedJudge(script([true, false, true])).call,
      );
      const broken = await runFirstCase(
        bundle,
        ANSWERS[name].good,
        scriptedJudge(script([false, true, false])).call,
      );
      for (const [outcome, expected] of [
        [held, 1],
        [broken, 0],
      ] as const) {
        const dims = judgeDimensions(bundle, outcome.result.score);
        const assertions = dims.filter((d) => d.mode === "assertion");
        expect(assertions.length).toBeGreaterThan(0);
        for (const d of assertions) expect(d.score, d.key).toBe(expected);
        for (const d of dims) {
          expect(d.score, d.key).not.toBeNull();
          expect(d.score!).toBeGreaterThanOrEqual(0);
          expect(d.score!).toBeLessThanOrEqual(1);
        }
      }
    },
  );

  it.each(EXAMPLES)(
    "%s: on the offline judge every judge dimension scores in [0, 1], the good answer higher",
    async (name) => {
      const bundle = bundleOf(name);
      const good = judgeDimensions(
        bundle,
        (await runFirstCase(bundle, ANSWERS[name].good, offlineJudge)).result.score,
      );
      const poor = judgeDimensions(
        bundle,
        (await runFirstCase(bundle, ANSWERS[name].poor, offlineJudge)).result.score,
      );
      expect(good.length).toBeGreaterThan(0);
      good.forEach((d, i) => {
        const other = poor[i]!;
        for (const score of [d.score, other.score]) {
          expect(score, d.key).not.toBeNull();
          expect(score!).toBeGreaterThanOrEqual(0);
          expect(score!).toBeLessThanOrEqual(1);
        }
        if (d.mode === "assertion") {
          expect([d.key, d.score, other.score]).toEqual([d.key, 1, 0]);
        } else {
          expect(d.score!, d.key).toBeGreaterThan(other.score!);
        }
      });
    },
  );
});
