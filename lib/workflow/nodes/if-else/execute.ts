import "server-only";
import type { NodeExecutor } from "@/lib/workflow/executor-types";
import type { ConditionOperator, IfElseConfig } from "@/lib/workflow/nodes/if-else/definition";
import { stringifyValue } from "@/lib/workflow/template";

const toNumber = (value: unknown): number =>
  typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;

const isTruthyText = (value: unknown, word: "true" | "false") =>
  typeof value === "boolean"
    ? value === (word === "true")
    : stringifyValue(value).trim().toLowerCase() === word;

/** One condition on the input value; `operand` is the rendered comparison value. */
export function testCondition(
  operator: ConditionOperator,
  value: unknown,
  operand: string,
  caseSensitive: boolean,
): boolean {
  const fold = (s: string) => (caseSensitive ? s : s.toLowerCase());
  const text = fold(stringifyValue(value));
  const other = fold(operand);
  switch (operator) {
    case "equals":
      return text === other;
    case "not_equals":
      return text !== other;
    case "contains":
      return text.includes(other);
    case "not_contains":
      return !text.includes(other);
    case "starts_with":
      return text.startsWith(other);
    case "ends_with":
      return text.endsWith(other);
    case "is_empty":
      return text.trim() === "";
    case "is_not_empty":
      return text.trim() !== "";
    case "is_true":
      return isTruthyText(value, "true");
    case "is_false":
      return isTruthyText(value, "false");
    case "gt":
    case "gte":
    case "lt":
    case "lte": {
      const a = toNumber(value);
      const b = toNumber(operand);
      // A value that is not a number satisfies no comparison.
      if (Number.isNaN(a) || Number.isNaN(b)) return false;
      return operator === "gt" ? a > b : operator === "gte" ? a >= b : operator === "lt" ? a < b : a <= b;
    }
  }
}

export const ifElseExecutor: NodeExecutor<IfElseConfig> = {
  execute(ctx) {
    const { conditions, logical_operator } = ctx.node.config;
    const value = ctx.inputs.value;
    const results = conditions.map((c, i) =>
      testCondition(
        c.operator,
        value,
        c.value === "" ? "" : ctx.render(`conditions.${i}.value`),
        c.case_sensitive,
      ),
    );
    const passed = logical_operator === "and" ? results.every(Boolean) : results.some(Boolean);
    const branch = passed ? "true" : "false";
    return { outputs: { [branch]: value }, branch };
  },
};
