// docs/packs.md §2 rows for the user simulator of multi_turn cases: each row breaks one rule of the
// valid fixture and expects exactly that error.
import { describe, it } from "vitest";
import { expectRule, type RuleRow } from "./fixture";

const mt = { "version.execution_mode": "multi_turn" };
const sim = (phases: unknown[], extra: Record<string, unknown> = {}) => ({
  schema_version: 1,
  kind: "hybrid",
  phases,
  ...extra,
});
const scripted = { id: "open", actor: "scripted", turns: [{ message: "Hi, {{ prompt }}" }] };
const bothCases = (spec: unknown) => ({
  ...mt,
  "input_sets[0].cases[0].user_simulator": spec,
  "input_sets[0].cases[1].user_simulator": sim([scripted]),
});
const us = "input_sets[0].cases[0].user_simulator";
const simulatorRows: RuleRow[] = [
  {
    rule: "required when multi_turn",
    set: { ...mt, "input_sets[0].cases[1].user_simulator": sim([scripted]) },
    field: us,
    message: "is required when version.execution_mode is multi_turn",
  },
  {
    rule: "only when multi_turn",
    set: { "input_sets[0].cases[0].user_simulator": sim([scripted]) },
    field: us,
    message: "is only allowed when version.execution_mode is multi_turn",
  },
  {
    rule: "schema_version",
    set: bothCases(sim([scripted], { schema_version: 2 })),
    field: `${us}.schema_version`,
    message: "must be 1",
  },
  {
    rule: "kind",
    set: bothCases(sim([scripted], { kind: "llm" })),
    field: `${us}.kind`,
    message: 'must be "hybrid"',
  },
  {
    rule: "max_turns",
    set: bothCases(sim([scripted], { max_turns: -1 })),
    field: `${us}.max_turns`,
    message: "must be greater than or equal to 0",
  },
  {
    rule: "phases",
    set: bothCases(sim([])),
    field: `${us}.phases`,
    message: "must contain at least one phase",
  },
  {
    rule: "phase id",
    set: bothCases(sim([{ ...scripted, id: "" }])),
    field: `${us}.phases[0].id`,
    message: "is required",
  },
  {
    rule: "phase id unique",
    set: bothCases(sim([scripted, { ...scripted, trigger: "manual" }])),
    field: `${us}.phases[1].id`,
    message: "must be unique",
  },
  {
    rule: "actor",
    set: bothCases(sim([{ id: "a" }])),
    field: `${us}.phases[0].actor`,
    message: "is required",
  },
  {
    rule: "actor supported",
    set: bothCases(sim([{ id: "a", actor: "robot" }])),
    field: `${us}.phases[0].actor`,
    message: "must be one of scripted, llm, human",
  },
  {
    rule: "trigger supported",
    set: bothCases(sim([scripted, { id: "b", actor: "human", trigger: "sometimes" }])),
    field: `${us}.phases[1].trigger`,
    message: "must be a supported trigger expression",
  },
  {
    rule: "first trigger",
    set: bothCases(sim([{ ...scripted, trigger: "on_validator_fail" }])),
    field: `${us}.phases[0].trigger`,
    message: 'first phase trigger must be empty or "always"',
  },
  {
    rule: "always only first",
    set: bothCases(sim([scripted, { id: "b", actor: "human", trigger: "always" }])),
    field: `${us}.phases[1].trigger`,
    message: 'only the first phase may use "always"',
  },
  {
    rule: "scripted turns",
    set: bothCases(sim([{ id: "a", actor: "scripted" }])),
    field: `${us}.phases[0].turns`,
    message: "must contain at least one turn for scripted actor",
  },
  {
    rule: "turn message",
    set: bothCases(sim([{ id: "a", actor: "scripted", turns: [{ message: "" }] }])),
    field: `${us}.phases[0].turns[0].message`,
    message: "is required for scripted turns",
  },
  {
    rule: "turn expects",
    set: bothCases(
      sim([
        {
          id: "a",
          actor: "scripted",
          turns: [{ message: "m", expects: [{ key: "e", kind: "text", source: "input:ghost" }] }],
        },
      ]),
    ),
    field: `${us}.phases[0].turns[0].expects[0].source`,
    message: "must reference a declared case input",
  },
  {
    rule: "turn template",
    set: bothCases(sim([{ id: "a", actor: "scripted", turns: [{ message: "About {{ order_id }}" }] }])),
    field: `${us}.phases[0].turns[0].message`,
    message: "unresolved placeholder {{order_id}} for case template context",
  },
  {
    rule: "llm persona",
    set: bothCases(sim([{ id: "a", actor: "llm" }])),
    field: `${us}.phases[0].persona`,
    message: "is required for llm actor",
  },
  {
    rule: "llm max_turns",
    set: bothCases(sim([{ id: "a", actor: "llm", persona: "p", max_turns: -2 }])),
    field: `${us}.phases[0].max_turns`,
    message: "must be greater than or equal to 0",
  },
  {
    rule: "llm until",
    set: bothCases(sim([{ id: "a", actor: "llm", persona: "p", until: ["resolved", " "] }])),
    field: `${us}.phases[0].until[1]`,
    message: "must be a non-empty condition expression",
  },
  {
    rule: "human timeout",
    set: bothCases(sim([{ id: "a", actor: "human", timeout_ms: -1 }])),
    field: `${us}.phases[0].timeout_ms`,
    message: "must be greater than or equal to 0",
  },
  {
    rule: "model only on llm",
    set: bothCases(sim([{ ...scripted, model: "gpt-4o" }])),
    field: `${us}.phases[0].model`,
    message: "is only valid on phases with actor: llm",
  },
  {
    rule: "calibration rate",
    set: bothCases(sim([scripted], { calibration: { enabled: true, sample_rate: 0 } })),
    field: `${us}.calibration.sample_rate`,
    message: "must be greater than 0 and at most 1 when calibration is enabled",
  },
  {
    rule: "arena comparison",
    set: bothCases(sim([scripted], { post_run: { arena: { enabled: true, comparison: "elo" } } })),
    field: `${us}.post_run.arena.comparison`,
    message: 'must be one of "pairwise"',
  },
];

describe("ValidateBundle rules: user simulator", () => {
  it.each(simulatorRows)("user simulator: $rule", expectRule);
});
