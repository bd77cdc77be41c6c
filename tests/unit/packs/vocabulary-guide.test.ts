// The console's format guide and docs/packs-guide.md list the format's words from
// lib/packs/vocabulary.ts, the lists the validators use: every word has its one-line meaning in
// the catalog (and no meaning is left for a word the format dropped), the guide names every word,
// and the validators accept exactly these words.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkEvaluationSpec } from "@/lib/packs/evaluation-spec";
import consolePacks from "@/lib/i18n/messages/en/consolePacks.json";
import {
  DIMENSION_SOURCES,
  EXECUTION_MODES,
  JUDGE_METHOD_MODES,
  JUDGE_MODES,
  SCORECARD_STRATEGIES,
  VALIDATOR_TYPES,
} from "@/lib/packs/vocabulary";
import { baseSpec } from "./evaluation-spec-fixture";

const GROUPS = {
  executionModes: EXECUTION_MODES,
  judgeModes: JUDGE_MODES,
  judgeMethods: JUDGE_METHOD_MODES,
  validatorTypes: VALIDATOR_TYPES,
  strategies: SCORECARD_STRATEGIES,
  sources: DIMENSION_SOURCES,
} as const;

const guide = readFileSync(join(import.meta.dirname, "../../../docs/packs-guide.md"), "utf8");

describe("the format's vocabulary in the guides", () => {
  it.each(Object.entries(GROUPS))("the console guide gives every %s word a meaning", (group, words) => {
    const meanings = (consolePacks.vocab as Record<string, Record<string, string>>)[group] ?? {};
    expect(Object.keys(meanings).sort()).toEqual([...words].sort());
    for (const word of words) expect(meanings[word]?.trim(), word).toBeTruthy();
  });

  it.each(Object.entries(GROUPS))("docs/packs-guide.md names every %s word", (_group, words) => {
    for (const word of words) expect(guide, word).toContain(`\`${word}\``);
  });

  it("the spec validator accepts every listed validator type, judge mode and strategy", () => {
    for (const type of VALIDATOR_TYPES) {
      const spec = baseSpec();
      (spec.validators as Record<string, unknown>[])[1]!.type = type;
      const errors = checkEvaluationSpec(spec).filter((e) => e.field.endsWith(".type"));
      expect(errors, type).toEqual([]);
    }
    for (const mode of ["llm_judge", "hybrid"]) {
      expect(checkEvaluationSpec({ ...baseSpec(), judge_mode: mode }), mode).toEqual([]);
    }
    for (const strategy of SCORECARD_STRATEGIES) {
      const spec = baseSpec();
      (spec.scorecard as Record<string, unknown>).strategy = strategy;
      const errors = checkEvaluationSpec(spec).filter(
        (e) => e.field.endsWith("scorecard.strategy") && e.message.startsWith("must be one of"),
      );
      expect(errors, strategy).toEqual([]);
    }
  });
});
