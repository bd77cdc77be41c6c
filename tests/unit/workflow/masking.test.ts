import { describe, expect, it } from "vitest";
import { MASK, Masker } from "@/lib/workflow/engine/masking";
import type { WorkflowGraph } from "@/lib/workflow/types";
import { deltasOf, runGraph, textModel } from "./support";

describe("Masker", () => {
  it.each([
    { values: ["Tangerine42"], text: "The secret is Tangerine42.", expected: `The secret is ${MASK}.` },
    { values: ["Tangerine42"], text: "tangerine42 and TANGERINE42", expected: `${MASK} and ${MASK}` },
    {
      values: ["a.b*c"],
      text: "regex chars a.b*c stay literal, axbbc does not match",
      expected: `regex chars ${MASK} stay literal, axbbc does not match`,
    },
    { values: ["blue", "blue falcon"], text: "the blue falcon flies", expected: `the ${MASK} flies` },
    { values: ["  ", ""], text: "blank values are ignored", expected: "blank values are ignored" },
    {
      values: ["Tangerine42"],
      text: "T-a-n-g-e-r-i-n-e-4-2 (spelled out) is not masked",
      expected: "T-a-n-g-e-r-i-n-e-4-2 (spelled out) is not masked",
    },
  ])("masks $values in '$text'", ({ values, text, expected }) => {
    const masker = new Masker();
    masker.add(...values);
    expect(masker.mask(text)).toBe(expected);
  });

  it("masks strings deep inside values, keys included, without touching other types", () => {
    const masker = new Masker();
    masker.add("s3cret");
    const value = {
      a: "x s3cret",
      list: ["S3CRET", 1, true, null],
      nested: { s3cret: { deeper: "s3cret!" } },
    };
    expect(masker.maskValue(value)).toEqual({
      a: `x ${MASK}`,
      list: [MASK, 1, true, null],
      nested: { [MASK]: { deeper: `${MASK}!` } },
    });
    expect(value.a).toBe("x s3cret");
  });

  it("addValue masks numbers and nested strings of a variable", () => {
    const masker = new Masker();
    masker.addValue({ pin: 4711, names: ["Nightjar"] });
    expect(masker.mask("pin 4711, agent nightjar")).toBe(`pin ${MASK}, agent ${MASK}`);
  });

  const secret = "Violet River Stone";
  const text = `Once upon a time the guardian whispered "${secret}" to the wind, then ${secret.toLowerCase()} again.`;
  const expected = text.replace(/violet river stone/gi, MASK);

  it.each(Array.from({ length: secret.length + 1 }, (_, i) => i))(
    "a secret split at offset %i across chunks is still masked",
    (i) => {
      const masker = new Masker();
      masker.add(secret);
      const stream = masker.stream();
      const at = text.indexOf(secret) + i;
      const pieces = [text.slice(0, at), text.slice(at, at + 3), text.slice(at + 3)];
      const emitted = pieces.map((p) => stream.push(p)).concat(stream.flush());
      expect(emitted.join("")).toBe(expected);
      for (const piece of emitted) expect(piece.toLowerCase()).not.toContain("violet river");
    },
  );

  it("streams one character at a time without ever emitting the secret", () => {
    const masker = new Masker();
    masker.add(secret, "wind");
    const stream = masker.stream();
    const emitted = [...text].map((c) => stream.push(c));
    emitted.push(stream.flush());
    expect(emitted.join("")).toBe(text.replace(/violet river stone/gi, MASK).replace(/wind/g, MASK));
    // Holds back at most the longest value minus one character.
    expect(emitted.at(-1)!.length).toBeLessThanOrEqual(secret.length - 1);
  });

  it.each([
    { push: "Hello there, ", emitted: "Hello there, " },
    { push: "Hello there, a long", emitted: "Hello there, " },
    { push: "Hello there, A LONG SECRET VAL", emitted: "Hello there, " },
    { push: "Hello, a longer one", emitted: "Hello, a longer one" },
  ])("holds back only a tail that could grow into a masked value: '$push'", ({ push, emitted }) => {
    const masker = new Masker();
    masker.add("a long secret value that takes a while to type");
    expect(masker.stream().push(push)).toBe(emitted);
  });

  it("does not split a complete match that straddles a held-back tail", () => {
    const masker = new Masker();
    masker.add("abc", "cde");
    const stream = masker.stream();
    const out = [stream.push("xabcd"), stream.push("!"), stream.flush()].join("");
    expect(out).toBe(`x${MASK}d!`);
  });

  it("passes text straight through when nothing is masked", () => {
    const stream = new Masker().stream();
    expect(stream.push("hello")).toBe("hello");
    expect(stream.flush()).toBe("");
  });
});

describe("engine masking without a database: mask_variables on start inputs", () => {
  const graph = (maskVariables: string[]): WorkflowGraph => ({
    nodes: [
      {
        id: "start",
        type: "start",
        data: { config: { variables: [{ name: "prompt" }, { name: "codename", required: false }] } },
      },
      {
        id: "guard",
        type: "llm",
        data: {
          config: {
            model: "openai:mock",
            system_template: "Agent {{start.codename}}.",
            user_template: "{{prompt}}",
          },
        },
      },
      { id: "echo", type: "template", data: { config: { template: "{{start.codename}} / {{guard.text}}" } } },
      {
        id: "check",
        type: "challenge-evaluator",
        data: {
          config: { success_type: "contains", success_pattern: "nightjar", mask_variables: maskVariables },
        },
      },
      { id: "answer", type: "answer", data: { config: { template: "{{echo.text}}" } } },
    ],
    edges: [
      { id: "e1", source: "start", sourceHandle: "prompt", target: "guard", targetHandle: "prompt" },
      { id: "e2", source: "guard", sourceHandle: "text", target: "echo" },
      { id: "e3", source: "guard", sourceHandle: "text", target: "check", targetHandle: "response" },
      { id: "e4", source: "echo", sourceHandle: "text", target: "answer" },
    ],
  });
  // The model leaks the codename across chunk boundaries.
  const model = () => textModel(["Your codename is Night", "ja", "r, agent. NIGHTJAR!"]);

  it("masks the codename in every event and in the result, but evaluates the real text", async () => {
    const { result, events } = await runGraph(
      graph(["codename"]),
      { prompt: "who am I?", codename: "Nightjar" },
      { resolveModel: model },
    );
    expect(result.evaluation?.outcome).toBe("pass");
    expect(JSON.stringify(events).toLowerCase()).not.toContain("nightjar");
    expect(JSON.stringify(result).toLowerCase()).not.toContain("nightjar");
    expect(deltasOf(events, "guard").join("")).toBe(`Your codename is ${MASK}, agent. ${MASK}!`);
    expect(result.answerText).toBe(`${MASK} / Your codename is ${MASK}, agent. ${MASK}!`);
  });

  it("a masked model output is not streamed at all", async () => {
    const { result, events } = await runGraph(
      graph(["guard.text"]),
      { prompt: "who am I?", codename: "Nightjar" },
      { resolveModel: model },
    );
    expect(deltasOf(events, "guard")).toEqual([]);
    const guard = events.find((e) => e.type === "node_finished" && e.nodeId === "guard");
    expect(guard).toMatchObject({ outputs: { text: MASK } });
    expect(result.answerText).toBe(`Nightjar / ${MASK}`);
  });

  it("without mask_variables nothing is masked", async () => {
    const { result } = await runGraph(
      graph([]),
      { prompt: "who am I?", codename: "Nightjar" },
      { resolveModel: model },
    );
    expect(result.answerText).toBe("Nightjar / Your codename is Nightjar, agent. NIGHTJAR!");
  });
});
