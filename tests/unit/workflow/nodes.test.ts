import { describe, expect, it } from "vitest";
import type { ConditionOperator } from "@/lib/workflow/nodes/if-else/definition";
import { testCondition } from "@/lib/workflow/nodes/if-else/execute";
import type { WorkflowGraph } from "@/lib/workflow/types";
import { around, nodeOutputs } from "./nodes-support";
import { finishedNodes, runGraph } from "./support";

describe("start", () => {
  const config = {
    variables: [
      { name: "prompt", type: "string", max_length: 10 },
      { name: "level", type: "number", required: false },
      { name: "hard", type: "boolean", required: false },
    ],
  };
  const graph = (): WorkflowGraph => ({
    nodes: [
      { id: "start", type: "start", data: { config } },
      {
        id: "answer",
        type: "answer",
        data: { config: { template: "{{start.prompt}}|{{start.level}}|{{start.hard}}" } },
      },
    ],
    edges: [{ id: "e", source: "start", sourceHandle: "prompt", target: "answer" }],
  });
  it.each([
    { inputs: { prompt: "hi" }, answer: "hi||" },
    { inputs: { prompt: "hi", level: 3, hard: true }, answer: "hi|3|true" },
    { inputs: { prompt: "hi", level: " 7 ", hard: "false" }, answer: "hi|7|false" },
    { inputs: { prompt: "hi", extra: "ignored" }, answer: "hi||" },
    { inputs: { prompt: "0123456789" }, answer: "0123456789||" },
  ])("accepts $inputs", async ({ inputs, answer }) => {
    const { result } = await runGraph(graph(), inputs);
    expect(result.answerText).toBe(answer);
  });
  it.each([
    { inputs: { prompt: "01234567890" }, error: 'Input "prompt" is 11 characters long; the limit is 10' },
    { inputs: { prompt: "hi", level: "three" }, error: 'Input "level" must be a number' },
    { inputs: { prompt: "hi", hard: "yes" }, error: 'Input "hard" must be true or false' },
    { inputs: { prompt: "" }, error: 'Input "prompt" is required' },
  ])("refuses $inputs", async ({ inputs, error }) => {
    const { result } = await runGraph(graph(), inputs);
    expect(result.error).toBe(`Node "start" failed: ${error}`);
  });
});

describe("template and answer", () => {
  it.each([
    { template: "[{{input}}]", prompt: "x", expected: "[x]" },
    { template: "{{start.prompt}}-{{input}}", prompt: "y", expected: "y-y" },
    {
      template: 'JSON stays literal: {{ "a": 1 }}',
      prompt: "z",
      expected: 'JSON stays literal: {{ "a": 1 }}',
    },
    { template: "no refs", prompt: "z", expected: "no refs" },
  ])("renders $template", async ({ template, prompt, expected }) => {
    const { result, events } = await runGraph(
      around({ type: "template", config: { template } }, [{ from: "prompt", to: "input" }], "{{n.text}}"),
      { prompt },
    );
    expect(nodeOutputs(events)).toEqual({ text: expected });
    expect(result.answerText).toBe(expected);
  });

  it("renders numbers, booleans and objects from upstream outputs", async () => {
    const graph: WorkflowGraph = {
      nodes: [
        { id: "start", type: "start", data: { config: {} } },
        { id: "gate", type: "if-else", data: { config: { conditions: [{ operator: "is_not_empty" }] } } },
        {
          id: "check",
          type: "challenge-evaluator",
          data: { config: { success_type: "contains", success_pattern: "x" } },
        },
        {
          id: "answer",
          type: "answer",
          data: {
            config: { template: "{{check.challenge_succeeded}} {{check.judge_rating}}|{{gate.true}}" },
          },
        },
      ],
      edges: [
        { id: "e1", source: "start", sourceHandle: "prompt", target: "gate", targetHandle: "value" },
        { id: "e2", source: "gate", sourceHandle: "true", target: "check", targetHandle: "response" },
        { id: "e3", source: "check", sourceHandle: "message", target: "answer" },
      ],
    };
    const { result } = await runGraph(graph, { prompt: "xyz" });
    expect(result.answerText).toBe("true |xyz");
  });
});

describe("if-else conditions", () => {
  const cases: {
    op: ConditionOperator;
    value: unknown;
    operand?: string;
    cs?: boolean;
    expected: boolean;
  }[] = [
    { op: "equals", value: "Hello", operand: "hello", expected: true },
    { op: "equals", value: "Hello", operand: "hello", cs: true, expected: false },
    { op: "not_equals", value: "a", operand: "b", expected: true },
    { op: "contains", value: "The SECRET is out", operand: "secret", expected: true },
    { op: "not_contains", value: "The SECRET is out", operand: "secret", expected: false },
    { op: "starts_with", value: "Sure! here", operand: "sure", expected: true },
    { op: "ends_with", value: "done.", operand: "one.", expected: true },
    { op: "is_empty", value: "   ", expected: true },
    { op: "is_empty", value: undefined, expected: true },
    { op: "is_not_empty", value: "x", expected: true },
    { op: "is_true", value: true, expected: true },
    { op: "is_true", value: "TRUE", expected: true },
    { op: "is_true", value: "yes", expected: false },
    { op: "is_false", value: false, expected: true },
    { op: "is_false", value: true, expected: false },
    { op: "gt", value: 8, operand: "7", expected: true },
    { op: "gt", value: 7, operand: "7", expected: false },
    { op: "gte", value: "7", operand: "7", expected: true },
    { op: "lt", value: 2, operand: "10", expected: true },
    { op: "lte", value: 11, operand: "10", expected: false },
    { op: "gt", value: "not a number", operand: "1", expected: false },
    { op: "lt", value: 1, operand: "", expected: false },
  ];
  it.each(cases)("$op($value, $operand) is $expected", ({ op, value, operand, cs, expected }) => {
    expect(testCondition(op, value, operand ?? "", cs ?? false)).toBe(expected);
  });

  it.each([
    { logic: "and", prompt: "hello world", branch: "true" },
    { logic: "and", prompt: "hello", branch: "false" },
    { logic: "or", prompt: "world", branch: "true" },
    { logic: "or", prompt: "neither", branch: "false" },
  ])("$logic of two conditions on '$prompt' takes $branch", async ({ logic, prompt, branch }) => {
    const graph = around(
      {
        type: "if-else",
        config: {
          logical_operator: logic,
          conditions: [
            { operator: "contains", value: "hello" },
            { operator: "contains", value: "world" },
          ],
        },
      },
      [{ from: "prompt", to: "value" }],
      "{{n.true}}{{n.false}}",
    );
    const { events } = await runGraph(graph, { prompt });
    expect(Object.keys(nodeOutputs(events) ?? {})).toEqual([branch]);
    expect(finishedNodes(events).at(-1)).toEqual({ nodeId: "answer", status: "succeeded" });
  });

  it.each([
    { value: "{{start.prompt}}", prompt: "anything", branch: "true" },
    { value: "{{start.prompt}}!", prompt: "anything", branch: "false" },
  ])("renders the comparison value $value as a template", async ({ value, prompt, branch }) => {
    const graph = around(
      { type: "if-else", config: { conditions: [{ operator: "equals", value }] } },
      [{ from: "prompt", to: "value" }],
      "done",
    );
    const { events } = await runGraph(graph, { prompt });
    expect(Object.keys(nodeOutputs(events) ?? {})).toEqual([branch]);
  });
});
