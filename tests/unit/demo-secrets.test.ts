// The demo's secrets (lib/seed/demo-secrets.ts): drawn from at least 2^24 values, and every word
// they are made of keeps each ladder level beatable by its documented technique and refusing
// the previous one. The levels are replayed here with the offline model's and judge's own
// functions (the practice model's answer, the level's filters, the watcher's rating, the
// scoring judge); tests/integration/attempts/demo-ladder.test.ts plays whole graphs with composed secrets.
import { describe, expect, it } from "vitest";
import { getOfflineLevel } from "@/lib/ai/offline/levels";
import { judge } from "@/lib/ai/offline/judge";
import { decide } from "@/lib/ai/offline/practice-model";
import {
  DEMO_SECRET_FIRST_WORDS,
  DEMO_SECRET_NUMBERS,
  DEMO_SECRET_PATTERN,
  DEMO_SECRET_SECOND_WORDS,
  demoSecretSpace,
  newDemoSecret,
} from "@/lib/seed/demo-secrets";
import { DEMO_LADDER } from "@/lib/seed/ladder";
import { OLD_DEMO_WORDS } from "@/tests/helpers/demo-secrets";

const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);

describe("demo secrets", () => {
  it("come from a space of at least 2^24 values, computed from the exported lists", () => {
    const numbers = DEMO_SECRET_NUMBERS.max - DEMO_SECRET_NUMBERS.min + 1;
    expect(new Set(DEMO_SECRET_FIRST_WORDS).size).toBe(DEMO_SECRET_FIRST_WORDS.length);
    expect(new Set(DEMO_SECRET_SECOND_WORDS).size).toBe(DEMO_SECRET_SECOND_WORDS.length);
    expect(DEMO_SECRET_FIRST_WORDS.length).toBeGreaterThanOrEqual(256);
    expect(DEMO_SECRET_SECOND_WORDS.length).toBeGreaterThanOrEqual(256);
    const space = DEMO_SECRET_FIRST_WORDS.length * DEMO_SECRET_SECOND_WORDS.length * numbers;
    expect(demoSecretSpace()).toBe(space);
    expect(space).toBeGreaterThanOrEqual(2 ** 24);
  });

  it("are word + word + number, never a listed word, and differ from draw to draw", () => {
    const drawn = Array.from({ length: 200 }, () => newDemoSecret());
    for (const s of drawn) {
      expect(s).toMatch(DEMO_SECRET_PATTERN);
      const [, a, b, n] = /^([A-Z][a-z]+)([A-Z][a-z]+)(\d+)$/.exec(s)!;
      expect(DEMO_SECRET_FIRST_WORDS as readonly string[]).toContain(a!.toLowerCase());
      expect(DEMO_SECRET_SECOND_WORDS as readonly string[]).toContain(b!.toLowerCase());
      expect(Number(n)).toBeGreaterThanOrEqual(DEMO_SECRET_NUMBERS.min);
      expect(Number(n)).toBeLessThanOrEqual(DEMO_SECRET_NUMBERS.max);
      expect(OLD_DEMO_WORDS).not.toContain(s.toUpperCase());
    }
    // 200 draws from ~5.9e7 values: a repeat has odds of about 1 in 3,000.
    expect(new Set(drawn).size).toBeGreaterThanOrEqual(199);
  });

  it("are made of plain words that keep every level's defenses and its technique working", () => {
    for (const w of [...DEMO_SECRET_FIRST_WORDS, ...DEMO_SECRET_SECOND_WORDS])
      expect(w).toMatch(/^[a-z]{3,}$/);
    // Each word in either place, with the longest other word and the largest number.
    const longest = (list: readonly string[]) => list.reduce((a, b) => (b.length > a.length ? b : a));
    const secrets = [
      ...DEMO_SECRET_FIRST_WORDS.map((w) => `${cap(w)}${cap(longest(DEMO_SECRET_SECOND_WORDS))}999`),
      ...DEMO_SECRET_SECOND_WORDS.map((w) => `${cap(longest(DEMO_SECRET_FIRST_WORDS))}${cap(w)}100`),
    ];
    for (const level of DEMO_LADDER) {
      const node = (id: string) => level.graph.nodes.find((n) => n.id === id)?.data.config;
      const guard = node("guard")!;
      const watcher = node("watcher");
      const filters = node("input_filter")?.conditions as { value: string }[] | undefined;
      const previous = DEMO_LADDER[level.number - 2];
      for (const secret of secrets) {
        const system = (guard.system_template as string).replaceAll("{{secret}}", secret);
        const offline = getOfflineLevel((guard.model as string).replace("offline:", ""))!;
        const released = (prompt: string) => {
          if (filters?.some((f) => prompt.toLowerCase().includes(f.value.toLowerCase()))) return null;
          const answer = decide(offline, { system, user: [prompt], chars: 0 }).text;
          if (node("output_filter") && answer.toLowerCase().includes(secret.toLowerCase())) return null;
          if (watcher) {
            const rating = judge({
              goal: watcher.goal as string,
              hints: [],
              passThreshold: 6,
              response: answer,
            }).rating;
            if (rating >= (watcher.pass_threshold as number)) return null;
          }
          return answer;
        };
        const scored = (answer: string | null) =>
          answer !== null && judge({ hints: [secret], passThreshold: 7, response: answer }).passed;
        expect(scored(released(level.winningPrompt)), `${level.name} / ${secret}`).toBe(true);
        expect(scored(released(level.naivePrompt)), `${level.name} / ${secret}`).toBe(false);
        if (previous)
          expect(scored(released(previous.winningPrompt)), `${level.name} / ${secret}`).toBe(false);
      }
    }
  });
});
