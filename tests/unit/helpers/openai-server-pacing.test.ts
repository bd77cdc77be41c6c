import { afterEach, describe, expect, it } from "vitest";
import { splitEven, startOpenAIServer, type OpenAITestServer } from "@/tests/helpers/openai-server";

// The test model server's paced replies (the open-streams bench): the text in equal pieces, one
// SSE chunk each, and the first piece reported per request.

let server: OpenAITestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function contentDeltas(sse: string): string[] {
  return sse
    .split("\n\n")
    .filter((f) => f.startsWith("data: {"))
    .map((f) => JSON.parse(f.slice(6)) as { choices: { delta: { content?: string } }[] })
    .flatMap((c) => c.choices.map((x) => x.delta.content ?? ""))
    .filter((d) => d !== "");
}

describe("openai test server pacing", () => {
  it("cuts a text into n pieces of nearly equal length that join back to it", () => {
    const pieces = splitEven("abcdefghij", 3);
    expect(pieces).toEqual(["abc", "defg", "hij"]);
    expect(splitEven("ab", 5)).toEqual(["a", "b"]);
  });

  it("streams a chat reply in the paced number of pieces and reports each request's first piece once", async () => {
    const firsts: unknown[] = [];
    server = await startOpenAIServer({
      record: false,
      pacing: { firstMs: 5, totalMs: 40, chunks: 4 },
      onFirstPiece: (body) => firsts.push((body as { model: string }).model),
    });
    server.setReply("one two three four five six seven eight");
    const res = await fetch(`${server.url}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "paced", stream: true, messages: [{ role: "user", content: "hi" }] }),
    });
    const text = await res.text();
    const deltas = contentDeltas(text);
    expect(deltas).toHaveLength(4);
    expect(deltas.join("")).toBe("one two three four five six seven eight");
    expect(text.trimEnd().endsWith("data: [DONE]")).toBe(true);
    expect(firsts).toEqual(["paced"]);
  });
});
