// The pack parse worker: a bundle decodes off the request thread to the same result as on it; a
// decode past its time budget ends as "timeout" (its worker replaced), and the next one works.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseBundleYaml } from "@/lib/packs/parse";
import { PackParseRunner } from "@/lib/services/packs/parse-runner";

const FIXTURE = readFileSync(join(import.meta.dirname, "../../fixtures/packs/support-basics.yaml"), "utf8");
const runners: PackParseRunner[] = [];
const runner = (timeoutMs: number) => {
  const r = new PackParseRunner({ timeoutMs, queueDeadlineMs: 60_000 });
  runners.push(r);
  return r;
};
afterAll(async () => {
  await Promise.all(runners.map((r) => r.close()));
});

describe("PackParseRunner", () => {
  it("decodes on the worker to what the decoder gives on this thread", async () => {
    const outcome = await runner(30_000).decode("ws", FIXTURE);
    expect(outcome).toEqual({ ok: true, result: parseBundleYaml(FIXTURE) });
  });

  it("stops a decode past its budget and decodes the next one on a fresh worker", async () => {
    const r = runner(1);
    const big = `${FIXTURE}\n${Array.from({ length: 9_000 }, (_, i) => `k${i}: ${i}`).join("\n")}\n`;
    expect(await r.decode("ws", big)).toEqual({ ok: false, reason: "timeout" });
    const spawned = r.spawned;
    // A budget that cannot run out for the fixture on any machine, on the same runner.
    (r as unknown as { options: { timeoutMs: number } }).options.timeoutMs = 30_000;
    expect((await r.decode("ws", FIXTURE)).ok).toBe(true);
    expect(r.spawned).toBe(spawned + 1);
  });

  it("refuses node counts over the limit before building a document", () => {
    const text = `${FIXTURE}\n${Array.from({ length: 50_000 }, (_, i) => `k${i}: ${i}`).join("\n")}\n`;
    const result = parseBundleYaml(text);
    expect(result).toMatchObject({ ok: false, limit: "nodes" });
  });

  it("finds duplicate keys among thousands of keys, naming both lines", () => {
    const keys = Array.from({ length: 5_000 }, (_, i) => `k${i}: ${i}`);
    keys.push("k17: again");
    const result = parseBundleYaml(`${keys.join("\n")}\n`);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      { field: "k17", message: "is defined twice (lines 18 and 5001): a duplicate key is an error; keep one" },
    ]);
  });
});
