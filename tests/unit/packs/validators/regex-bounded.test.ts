// Pack regexes with bounded cost: a search too costly to run inline goes to the given search (the
// server's regex worker) and a budget overrun is a failed validator or a security finding; cheap
// searches stay inline; without a search a costly one fails unrun instead of blocking.
import { describe, expect, it } from "vitest";
import { SecurityPolicy } from "@/lib/packs/run/security";
import type { Bundle } from "@/lib/packs/types";
import { runValidator, runValidatorBounded, type SearchRegex } from "@/lib/packs/validators";

const COSTLY = "[ab]{999}[ab]{999}[ab]{999}[ab]{999}b[c-z]";
const LONG = "ab".repeat(30_000);

function recording(answer: Awaited<ReturnType<SearchRegex>>) {
  const calls: [string, string, number][] = [];
  const search: SearchRegex = (pattern, flags, text) => {
    calls.push([pattern, flags, text.length]);
    return Promise.resolve(answer);
  };
  return { calls, search };
}

describe("regex_match with a bounded search", () => {
  it("sends a costly search to the worker and fails on its time budget", async () => {
    const { calls, search } = recording({ ok: false, reason: "timeout" });
    const r = await runValidatorBounded("regex_match", { actual: LONG, expected: COSTLY, config: {} }, search);
    expect(calls).toEqual([[COSTLY, "", LONG.length]]);
    expect(r).toEqual({ passed: false, score: 0, evidence: expect.stringMatching(/time budget/) as string });
  });

  it("uses the worker's answer, wrapping a full match in \\A…\\z", async () => {
    const { calls, search } = recording({ ok: true, matched: true });
    const r = await runValidatorBounded(
      "regex_match",
      { actual: LONG, expected: COSTLY, config: { full_match: true } },
      search,
    );
    expect(calls[0]![0]).toBe(`\\A(?:${COSTLY})\\z`);
    expect(r.passed).toBe(true);
  });

  it("keeps cheap searches inline and refuses a costly one without a worker", async () => {
    const { calls, search } = recording({ ok: true, matched: false });
    expect((await runValidatorBounded("regex_match", { actual: "hello", expected: "h.llo", config: {} }, search)).passed).toBe(true);
    expect(calls).toEqual([]);
    const r = runValidator("regex_match", { actual: LONG, expected: COSTLY, config: {} });
    expect(r).toMatchObject({ passed: false, evidence: expect.stringMatching(/too costly/) as string });
  });
});

describe("security scan with a bounded search", () => {
  const bundle = {
    security: { forbidden_outputs: [{ description: "costly", pattern: COSTLY }] },
  } as unknown as Bundle;

  it("counts a forbidden pattern that could not be ruled out in its budget as a finding", async () => {
    const { calls, search } = recording({ ok: false, reason: "timeout" });
    const scan = await new SecurityPolicy(bundle).scanBounded(LONG, "", search);
    expect(calls).toHaveLength(1);
    expect(scan.passed).toBe(false);
    expect(scan.findings[0]).toMatchObject({ kind: "forbidden_output", detail: expect.stringMatching(/time budget/) as string });
  });

  it("passes when the worker finds no match", async () => {
    const { search } = recording({ ok: true, matched: false });
    expect(await new SecurityPolicy(bundle).scanBounded(LONG, "", search)).toEqual({ findings: [], passed: true });
  });
});
