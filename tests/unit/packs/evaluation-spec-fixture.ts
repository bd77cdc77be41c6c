// A minimal valid evaluation spec and a way to break it one field at a time.
import { expect } from "vitest";
import { checkEvaluationSpec } from "@/lib/packs/evaluation-spec";
import type { PackError } from "@/lib/packs/types";

export const F = "version.evaluation_spec";

/** name, version, hybrid judge mode, 2 validators, 1 rubric judge, correctness + judge dimensions. */
export function baseSpec(): Record<string, unknown> {
  return {
    name: "support-eval",
    version_number: 1,
    judge_mode: "hybrid",
    validators: [
      {
        key: "exact",
        type: "exact_match",
        target: "final_output",
        expected_from: "case.expectations.answer",
      },
      { key: "mentions_refund", type: "contains", target: "final_output", expected_from: "literal:refund" },
    ],
    llm_judges: [
      { key: "tone", mode: "rubric", model: "gpt-4o-mini", rubric: "Is the answer polite and accurate?" },
    ],
    scorecard: {
      dimensions: ["correctness", { key: "tone", source: "llm_judge", judge_key: "tone" }],
      strategy: "weighted",
    },
  };
}

export const DELETE = Symbol("delete");

/** Sets (or with DELETE removes) values by dotted path; numeric segments index arrays. */
export function mutate(
  spec: Record<string, unknown>,
  patches: Record<string, unknown>,
): Record<string, unknown> {
  for (const [path, value] of Object.entries(patches)) {
    const parts = path.split(".");
    let node = spec;
    for (const part of parts.slice(0, -1)) {
      if (node[part] === undefined) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1] ?? "";
    if (value === DELETE) {
      if (Array.isArray(node)) node.splice(Number(last), 1);
      else delete node[last];
    } else node[last] = value;
  }
  return spec;
}

export const spec = (patches: Record<string, unknown> = {}) => mutate(baseSpec(), patches);

/** A table row: a mutation of the base spec and exactly the errors it must give. */
export interface Case {
  name: string;
  patch: Record<string, unknown>;
  errors: [field: string, message: string | RegExp][];
}

export function expectErrors(patch: Record<string, unknown>, errors: Case["errors"]): PackError[] {
  const got = checkEvaluationSpec(spec(patch));
  expect(got).toEqual(
    errors.map(([field, message]) => ({
      field: field === "" ? F : `${F}.${field}`,
      message: typeof message === "string" ? message : expect.stringMatching(message),
    })),
  );
  return got;
}

/** A patch setting the second validator (key "second") to `validator`. */
export const v1 = (validator: Record<string, unknown>) => ({ "validators.1": { key: "second", ...validator } });

/** A second judge, in assertion mode, that no dimension uses. */
export const assertion = (judge: Record<string, unknown> = {}) => ({
  "llm_judges.1": {
    key: "safe",
    mode: "assertion",
    model: "claude-3-5-haiku-latest",
    assertion: "The answer reveals no PII.",
    ...judge,
  },
});
