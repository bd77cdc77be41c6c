import { z } from "zod";
import { defineNode } from "@/lib/workflow/definition-types";
import { templateString } from "@/lib/workflow/nodes/shared";
import en from "./messages/en.json";

export const CONDITION_OPERATORS = [
  "equals",
  "not_equals",
  "contains",
  "not_contains",
  "starts_with",
  "ends_with",
  "is_empty",
  "is_not_empty",
  "is_true",
  "is_false",
  "gt",
  "gte",
  "lt",
  "lte",
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** Operators that ignore the comparison value. */
export const UNARY_OPERATORS: readonly ConditionOperator[] = [
  "is_empty",
  "is_not_empty",
  "is_true",
  "is_false",
];

const conditionSchema = z.strictObject({
  operator: z.enum(CONDITION_OPERATORS),
  /** A template, e.g. "{{secret}}" or "{{start.prompt}}"; numbers for gt/gte/lt/lte. */
  value: templateString("value").default(""),
  case_sensitive: z.boolean().default(false),
});

export const ifElseConfigSchema = z.strictObject({
  logical_operator: z.enum(["and", "or"]).default("and"),
  conditions: z.array(conditionSchema).min(1, "Add at least one condition").max(20),
});
export type IfElseConfig = z.output<typeof ifElseConfigSchema>;

export const ifElseDefinition = defineNode({
  type: "if-else",
  idPrefix: "branch",
  category: "logic",
  messages: { en },
  inputs: [{ id: "value", label: "Value", type: "any", required: true }],
  outputs: [
    { id: "true", label: "True", type: "any" },
    { id: "false", label: "False", type: "any" },
  ],
  branchOutputs: ["true", "false"],
  configSchema: ifElseConfigSchema,
  defaultConfig: {
    logical_operator: "and",
    conditions: [{ operator: "is_true", value: "", case_sensitive: false }],
  },
  templatesOf: (config) =>
    config.conditions.map((c, i) => ({ field: `conditions.${i}.value`, source: c.value })),
});
