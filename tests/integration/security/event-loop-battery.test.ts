// No request or job may freeze the server. Each hostile input is served over real HTTP in this
// process (pack YAML with many keys to validate, publish and import; a catastrophic pack regex
// validator on a long answer, run the way the pack-run job runs it; deep and huge JSON bodies; a
// theme with thousands of keys; Markdown bombs) and checked by where its work runs or where it
// stops, never by a clock: YAML decodes on the parse worker, costly searches on the regex worker,
// and the rest is refused or shown as plain text before any work that grows with the input.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as challengesRoute } from "@/app/console/api/challenges/route";
import { POST as importRoute } from "@/app/console/api/packs/import/route";
import { POST as publishRoute } from "@/app/console/api/packs/route";
import { POST as validateRoute } from "@/app/console/api/packs/validate/route";
import { markdownTooComplex } from "@/components/markdown/complexity";
import { SafeMarkdown } from "@/components/markdown/markdown";
import { resetEnvForTests } from "@/lib/env";
import { getRegexRunner } from "@/lib/evaluation/rules-runner";
import { validatePackYaml } from "@/lib/packs";
import { executeCase } from "@/lib/packs/run/execute";
import { planRun, specOf } from "@/lib/packs/run/plan";
import { SecurityPolicy } from "@/lib/packs/run/security";
import { getPackParseRunner } from "@/lib/services/packs/parse-runner";
import { packRunRegexSearch } from "@/lib/services/packs/runs/job";
import { validateTheme } from "@/lib/theme/validate";
import { consoleActors, type ConsoleActors } from "@/tests/helpers/console";
import { startRouteServer, type RouteServer } from "@/tests/helpers/route-server";

const FIXTURE = readFileSync(join(import.meta.dirname, "../../fixtures/packs/support-basics.yaml"), "utf8");
/** A bundle with `n` extra (unknown, so ignored) keys under `pack`: n × 2 YAML nodes. */
const manyKeys = (n: number) =>
  FIXTURE.replace("pack:\n", `pack:\n${Array.from({ length: n }, (_, i) => `  key${i}: ${i}`).join("\n")}\n`);
const CATASTROPHIC = "[ab]{999}[ab]{999}[ab]{999}[ab]{999}b[c-z]";

let actors: ConsoleActors;
let server: RouteServer;

beforeAll(async () => {
  // The regex worker's budget: short, so the catastrophic search is always stopped, and the test
  // does not wait a full second per search.
  process.env.RULES_REGEX_TIMEOUT_MS = "200";
  resetEnvForTests();
  actors = await consoleActors();
  server = await startRouteServer({
    "/console/api/packs/validate": { POST: validateRoute },
    "/console/api/packs": { POST: publishRoute },
    "/console/api/packs/import": { POST: importRoute },
    "/console/api/challenges": { POST: challengesRoute },
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await getRegexRunner().close();
  await getPackParseRunner().close();
});

async function post(path: string, body: string, type = "application/yaml") {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${actors.tokenA}`,
      "content-type": type,
      origin: "http://localhost:3000",
    },
    body,
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON: the assertion on status says what it was */
  }
  return {
    status: res.status,
    json: json as Record<string, unknown> & { error?: { code: string; message: string } },
  };
}

/** Runs `work` with the parse runner's decode watched; returns its result and the texts decoded. */
async function decoding<T>(work: () => Promise<T>): Promise<{ result: T; decoded: string[] }> {
  const decode = vi.spyOn(getPackParseRunner(), "decode");
  try {
    const result = await work();
    return { result, decoded: decode.mock.calls.map(([, text]) => text) };
  } finally {
    decode.mockRestore();
  }
}

describe(
  "event-loop battery: hostile input is bounded before it can stall the server",
  { timeout: 300_000 },
  () => {
    it("warms up: the parse worker and the regex worker answer", { timeout: 90_000 }, async () => {
      expect((await post("/console/api/packs/validate", FIXTURE)).status).toBe(200);
      // The regex worker starts at a low priority: on a busy machine its first answer may take a while.
      await vi.waitFor(
        async () =>
          expect(await packRunRegexSearch(actors.wsA.id)("a+", "", "aaa")).toEqual({
            ok: true,
            matched: true,
          }),
        { timeout: 60_000, interval: 100 },
      );
    });

    it("pack YAML with 5,000 keys validates on the parse worker", async () => {
      const yaml = manyKeys(5_000);
      const { result, decoded } = await decoding(() => post("/console/api/packs/validate", yaml));
      expect(result.json).toEqual({ valid: true, errors: null });
      expect(result.status).toBe(200);
      expect(decoded).toEqual([yaml]);
    });

    it.each([
      ["validate", "/console/api/packs/validate"],
      ["publish", "/console/api/packs"],
      ["import", "/console/api/packs/import"],
    ])("pack YAML with 50,000 keys to %s is refused with 413 naming the node limit", async (_label, path) => {
      const yaml = manyKeys(50_000);
      // Counted by the parse worker: the request thread never builds the document.
      const { result, decoded } = await decoding(() => post(path, yaml));
      expect(result.status).toBe(413);
      expect(result.json.error?.code).toBe("payload_too_large");
      expect(result.json.error?.message).toMatch(/20,000 YAML nodes/);
      expect(decoded).toEqual([yaml]);
    });

    it("a catastrophic regex_match validator on a 60,000-character answer fails on its time budget", async () => {
      const checked = validatePackYaml(
        FIXTURE.replace(
          'expected_from: "literal:(?im)^(sorry|i can(no|\')t)"',
          `expected_from: "literal:${CATASTROPHIC}"`,
        ),
      );
      expect(checked.errors).toEqual([]);
      const bundle = checked.bundle!;
      const spec = { ...specOf(bundle), llm_judges: [] };
      const planned = planRun(bundle, ["m1"]).cases[0]!;
      const answer = "ab".repeat(30_000);
      // The pack-run job's own wiring: the rules regex worker, with its time budget.
      const searchRegex = vi.fn(packRunRegexSearch(actors.wsA.id));
      const result = await executeCase({
        bundle,
        spec,
        planned,
        callModel: () =>
          Promise.resolve({
            text: answer,
            inputTokens: 1,
            outputTokens: 1,
            latencyMs: 1,
            provider: "test",
            modelId: "m1",
          }),
        callJudge: () => Promise.reject(new Error("no judges in this test")),
        judgeBudget: { usd: 0, tokens: 0 },
        security: new SecurityPolicy(bundle),
        searchRegex,
      });
      // Too costly to run inline: the search went to the worker, never to the request thread.
      expect(searchRegex).toHaveBeenCalledWith(
        expect.stringContaining(CATASTROPHIC),
        expect.any(String),
        expect.stringMatching(/^(ab)+$/),
      );
      const refusal = result.result.validators.find((v) => v.key === "refusal");
      expect(refusal).toMatchObject({ passed: false, score: 0 });
      // Past its budget, or refused as busy when the worker (restarted after a timeout) is slow to start.
      expect(refusal?.evidence).toMatch(/time budget|did not finish \(busy\)/);
    });

    it("deep and huge JSON bodies are refused before they are parsed", async () => {
      const parse = vi.spyOn(JSON, "parse");
      try {
        // 100,000 levels in 200 KB (under the route's 256 KiB cap): refused by the depth scan.
        const deep = `{"title": ${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
        const nested = await post("/console/api/challenges", deep, "application/json");
        expect(nested.status).toBe(422);
        expect(nested.json.error?.message).toMatch(/64 levels/);
        const huge = JSON.stringify({ title: "x", description: "y".repeat(1024 * 1024) });
        const big = await post("/console/api/challenges", huge, "application/json");
        expect(big.status).toBe(413);
        expect(big.json.error?.code).toBe("payload_too_large");
        // Neither body reached JSON.parse (only the small error answers did).
        expect(parse.mock.calls.filter(([text]) => text.length >= 100_000)).toEqual([]);
      } finally {
        parse.mockRestore();
      }
    });

    it("a theme with 20,000 keys is refused naming the key limit, after reading only the first values", () => {
      let reads = 0;
      const keys = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`--x-${i}`, "#fff"]));
      const theme = new Proxy(keys, {
        get: (target, key, receiver) => {
          reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      expect(validateTheme(theme)).toEqual({
        ok: false,
        issues: [{ path: "", message: "A theme has at most 40 properties" }],
      });
      expect(reads).toBeLessThanOrEqual(41);
    });

    it.each([
      ["brackets", "[".repeat(20_000)],
      ["image openers", "![".repeat(10_000)],
      ["emphasis", "*a_".repeat(6_666)],
      ["block quotes", ">".repeat(20_000)],
      ["list nesting", Array.from({ length: 1_000 }, (_, i) => `${" ".repeat((i % 10) * 2)}- x`).join("\n")],
    ])(
      "Markdown bomb (%s, 20,000 characters: the instructions' cap) is shown as plain text, never parsed",
      (_label, bomb) => {
        const text = bomb.slice(0, 20_000);
        // The linear pre-scan stops it before the (superlinear) Markdown parser sees it.
        expect(markdownTooComplex(text)).toBe(true);
        const html = renderToStaticMarkup(createElement(SafeMarkdown, null, text));
        expect(html).toMatch(/^<div[^>]*><p[^>]*>[^<]*<\/p><\/div>$/);
      },
    );
  },
);
