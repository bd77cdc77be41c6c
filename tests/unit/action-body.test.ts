import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { ACTION_BODY_LIMIT, checkActionBody } from "@/lib/http/action-body";

// Server-action bodies as React's reply decoder gets them (lib/http/action-body.ts): the malformed
// ones that made Next answer 500 are refused with a 4xx first; the bodies React's own client
// encodes (encodeReply, the function Next's router calls) pass untouched. What Next answers for
// them in a real server: tests/e2e/contract.spec.ts.

const require = createRequire(import.meta.url);
const client = require("next/dist/compiled/react-server-dom-turbopack/client.node.js") as {
  encodeReply: (value: unknown) => Promise<string | FormData>;
};
/** A FormData as the bytes and content type a browser sends. */
async function multipart(form: FormData): Promise<[string, Buffer]> {
  const req = new Request("http://x/", { method: "POST", body: form });
  return [req.headers.get("content-type")!, Buffer.from(await req.arrayBuffer())];
}

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;

/** What the guard answers for a text/plain fetch-action body. */
const plain = (text: string) => checkActionBody("text/plain;charset=UTF-8", Buffer.from(text), true);

describe("server-action bodies", () => {
  it.each([
    ["[", 400],
    ['["$@1",{"a":"$Q99"}]', 400],
    ['["$Q99"]', 400],
    ['["$1:a"]', 400],
    ['["$B1"]', 400],
    ['["$o1"]', 400],
    ['["$n12x"]', 400],
    [`["$n${"9".repeat(301)}"]`, 400],
    ['["$h1"]', 400],
    ['{"a":[1,2]', 400],
    [deep(5000), 422],
    [deep(1000), 422],
    [deep(65), 422],
  ] as const)("refuses the text body %s with %i", async (body, status) => {
    const refusal = await plain(body);
    expect(refusal?.status, body.slice(0, 40)).toBe(status);
    expect(refusal?.code).toBe(status === 400 ? "bad_request" : "validation_failed");
  });

  it("refuses the same in multipart rows, and a row sent after row 0 that row 0 uses", async () => {
    for (const [entries, status] of [
      [[["0", "["]], 400],
      [[["0", '["$@1",{"a":"$Q99"}]']], 400],
      [[["0", deep(5000)]], 422],
      [[["0", deep(1000)]], 422],
      [[["1", deep(100)], ["0", '["$1"]']], 422],
      [[["0", '["$Q1"]'], ["1", "[]"]], 400],
      [[["1", "{"], ["0", "[]"]], 400],
      [[["S1", deep(200)], ["0", '["$R1"]']], 422],
      [[["_1_x", "y"]], 400], // no row 0
    ] as [[string, string][], number][]) {
      const [type, bytes] = await multipart(form(entries));
      expect((await checkActionBody(type, bytes, true))?.status, JSON.stringify(entries).slice(0, 60)).toBe(status);
    }
  });

  it("refuses malformed multipart and bound-argument rows of a form posted without JavaScript", async () => {
    expect((await checkActionBody("multipart/form-data", Buffer.from("x"), true))?.status).toBe(400);
    expect((await checkActionBody("multipart/form-data; boundary=zz", Buffer.from("--zz\r\nbroken"), false))?.status).toBe(400);
    const [type, bytes] = await multipart(form([["$ACTION_REF_1", ""], ["$ACTION_1:0", '{"id":"x","bound":' + deep(100) + "}"]]));
    expect((await checkActionBody(type, bytes, false))?.status).toBe(422);
    const [type2, bytes2] = await multipart(form([["$ACTION_REF_1", ""], ["$ACTION_1:1", "[]"]]));
    expect((await checkActionBody(type2, bytes2, false))?.status).toBe(400);
    // A plain form of a page (no action) and one naming its action by id are left to Next.
    const [type3, bytes3] = await multipart(form([["$ACTION_ID_abc", ""], ["notes", "[[[["]]));
    expect(await checkActionBody(type3, bytes3, false)).toBeNull();
    // A non-multipart POST without Next-Action is not an action: the page renders.
    expect(await checkActionBody("text/plain", Buffer.from("["), false)).toBeNull();
    // Nor is a URL-encoded one (Next answers a fetch action sent so with a 404 before decoding).
    expect(await checkActionBody("application/x-www-form-urlencoded", Buffer.from("a=["), true)).toBeNull();
  });

  it("passes every body React's client encodes, and depth 64", async () => {
    const shared = { a: 1, b: [1, 2] };
    const fd = form([["name", "x"], ["yaml", deep(500)], ["note", "$Q99"]]);
    const values: unknown[] = [
      [{ status: "idle" }, fd],
      [shared, shared],
      [new Map([["k", shared]]), shared, new Set([shared])],
      ["$x", 1n, new Date(0), Infinity, -0, NaN, undefined],
      [JSON.parse(deep(63)) as unknown],
      ["x".repeat(500_000)],
      [new Blob(["abc"]), new Uint8Array([1, 2, 3])],
      [Promise.resolve({ late: true })],
    ];
    for (const value of values) {
      const encoded = await client.encodeReply(value);
      const refusal =
        typeof encoded === "string"
          ? await plain(encoded)
          : await checkActionBody(...(await multipart(encoded)), true);
      expect(refusal, typeof encoded === "string" ? encoded.slice(0, 60) : JSON.stringify([...encoded.keys()])).toBeNull();
    }
    expect(await plain(deep(64))).toBeNull();
    expect(await plain(JSON.stringify([{ a: [deep(80)] }]))).toBeNull(); // a string, not nesting
  });

  it("a form field never counts as JSON: a 1,000-deep text in a field passes", async () => {
    const encoded = await client.encodeReply([{}, form([["notes", deep(1000)]])]);
    expect(typeof encoded).not.toBe("string");
    expect(await checkActionBody(...(await multipart(encoded as FormData)), true)).toBeNull();
  });

  it("knows Next's body limit (next.config.ts serverActions.bodySizeLimit)", async () => {
    const { readFileSync } = await import("node:fs");
    const config = readFileSync(new URL("../../next.config.ts", import.meta.url), "utf8");
    expect(config).toMatch(/bodySizeLimit: "2mb"/);
    expect(ACTION_BODY_LIMIT).toBe(2 * 1024 * 1024);
  });
});
