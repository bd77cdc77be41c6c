// docs/packs.md §2 rows for input sets, their cases and the version's assets: each row breaks one rule
// of the valid fixture and expects exactly that error.
import { describe, it } from "vitest";
import { expectRule, type RuleRow } from "./fixture";

const c0 = "input_sets[0].cases[0]";
const c1 = "input_sets[0].cases[1]";
const inputSetRows: RuleRow[] = [
  { rule: "set key", set: { "input_sets[0].key": "" }, field: "input_sets[0].key", message: "is required" },
  {
    rule: "set key unique",
    set: {
      "input_sets[1]": { key: "default", name: "Again", cases: [{ challenge_key: "refuse", case_key: "x" }] },
    },
    field: "input_sets[1].key",
    message: "must be unique",
  },
  {
    rule: "set name",
    set: { "input_sets[0].name": undefined },
    field: "input_sets[0].name",
    message: "is required",
  },
  {
    rule: "cases",
    set: { "input_sets[0].cases": [] },
    field: "input_sets[0].cases",
    message: "must contain at least one case",
  },
  {
    rule: "challenge_key",
    set: { [`${c1}.challenge_key`]: "" },
    field: `${c1}.challenge_key`,
    message: "is required",
  },
  {
    rule: "one challenge per set",
    set: {
      "challenges[1]": { key: "other", title: "t", category: "c", difficulty: "medium" },
      [`${c1}.challenge_key`]: "other",
    },
    field: `${c1}.challenge_key`,
    message: "must reference the same challenge as the other cases in this input set",
  },
  {
    rule: "declared challenge",
    set: { [`${c0}.challenge_key`]: "ghost", [`${c1}.challenge_key`]: "ghost" },
    field: `${c0}.challenge_key`,
    message: "must reference a declared challenge",
    withOthers: true,
  },
  {
    rule: "case_key",
    set: { [`${c1}.case_key`]: undefined },
    field: `${c1}.case_key`,
    message: "is required",
  },
  {
    rule: "case_key unique",
    set: { [`${c1}.case_key`]: "direct" },
    field: `${c1}.case_key`,
    message: "must be unique per challenge in the input set",
  },
  {
    rule: "item_key counts as case_key",
    set: { [`${c1}.case_key`]: undefined, [`${c1}.item_key`]: "direct" },
    field: `${c1}.case_key`,
    message: "must be unique per challenge in the input set",
  },
  {
    rule: "case asset path",
    set: { [`${c0}.assets`]: [{ key: "a" }] },
    field: `${c0}.assets[0].path`,
    message: "is required",
  },
  {
    rule: "case artifact declared",
    set: { [`${c0}.artifacts`]: [{ key: "ghost" }] },
    field: `${c0}.artifacts[0].key`,
    message: "must reference a declared version asset",
  },
  {
    rule: "case artifact unique",
    set: { [`${c0}.artifacts`]: [{ key: "policy" }, { key: "policy" }] },
    field: `${c0}.artifacts[1].key`,
    message: "must be unique",
  },
  {
    rule: "input key",
    set: { [`${c1}.inputs`]: [{ kind: "text" }] },
    field: `${c1}.inputs[0].key`,
    message: "is required",
  },
  {
    rule: "input key unique",
    set: {
      [`${c1}.inputs`]: [
        { key: "a", kind: "text" },
        { key: "a", kind: "text" },
      ],
    },
    field: `${c1}.inputs[1].key`,
    message: "must be unique",
  },
  {
    rule: "input kind",
    set: { [`${c1}.inputs`]: [{ key: "a" }] },
    field: `${c1}.inputs[0].kind`,
    message: "is required",
  },
  {
    rule: "input artifact",
    set: { [`${c1}.inputs`]: [{ key: "a", kind: "file", artifact_key: "ghost" }] },
    field: `${c1}.inputs[0].artifact_key`,
    message: "must reference a declared version asset",
  },
  {
    rule: "expectation key",
    set: { [`${c0}.expectations[0].key`]: "" },
    field: `${c0}.expectations[0].key`,
    message: "is required",
  },
  {
    rule: "expectation kind",
    set: { [`${c0}.expectations[0].kind`]: undefined },
    field: `${c0}.expectations[0].kind`,
    message: "is required",
  },
  {
    rule: "expectation artifact",
    set: { [`${c0}.expectations[0].artifact_key`]: "ghost" },
    field: `${c0}.expectations[0].artifact_key`,
    message: "must reference a declared version asset",
  },
  {
    rule: "source prefix",
    set: { [`${c0}.expectations[0].source`]: "output:x" },
    field: `${c0}.expectations[0].source`,
    message: "must start with input: or artifact:",
  },
  {
    rule: "source input empty",
    set: { [`${c0}.expectations[0].source`]: "input: " },
    field: `${c0}.expectations[0].source`,
    message: "must reference a non-empty input key",
  },
  {
    rule: "source input declared",
    set: { [`${c0}.expectations[0].source`]: "input:nope" },
    field: `${c0}.expectations[0].source`,
    message: "must reference a declared case input",
  },
  {
    rule: "source artifact empty",
    set: { [`${c0}.expectations[0].source`]: "artifact:" },
    field: `${c0}.expectations[0].source`,
    message: "must reference a non-empty artifact key",
  },
  {
    rule: "source artifact declared",
    set: { [`${c0}.expectations[0].source`]: "artifact:ghost" },
    field: `${c0}.expectations[0].source`,
    message: "must reference a declared version asset",
  },
  {
    rule: "version asset path",
    set: { "version.assets[1]": { key: "more" } },
    field: "version.assets[1].path",
    message: "is required",
  },
  {
    rule: "version asset key unique",
    set: { "version.assets[1]": { key: "policy", path: "p2" } },
    field: "version.assets[1].key",
    message: "must be unique",
  },
];

describe("ValidateBundle rules: input sets", () => {
  it.each(inputSetRows)("input sets: $rule", expectRule);
});
