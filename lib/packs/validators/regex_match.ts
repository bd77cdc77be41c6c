import { CreatorRegexError } from "@/lib/evaluation/regex";
import { boundedRegexTest, inlineRegexTest, searchFailure, type SearchRegex } from "./regex-search";
import {
  cap,
  ConfigError,
  defineValidator,
  expectedText,
  fail,
  pass,
  quote,
  readBool,
  readString,
} from "./shared";
import type { ValidatorInput, ValidatorResult } from "./types";

// regex_match: RE2 semantics through re2js (linear time; inline flags such as (?i) and (?im)).
// The pattern is `config.pattern`, else the expected evidence. `flags` may add i, m, s;
// `case_insensitive: true` adds i; `full_match: true` requires the whole output to match;
// `negate: true` passes when the pattern does not match. A JS RegExp is never built from it.
// A search too costly to run inline (regex-search.ts) goes to the run's bounded regex worker;
// past its time budget the validator fails saying so.

interface Plan {
  pattern: string;
  flags: string;
  fullMatch: boolean;
  negate: boolean;
}

function planOf({ expected, config }: ValidatorInput): Plan {
  const pattern = readString(config, "pattern") ?? expectedText(expected);
  if (pattern === undefined || pattern === "")
    throw new ConfigError("pattern is required (config.pattern or expected value)");
  let flags = readString(config, "flags") ?? "";
  if (readBool(config, "case_insensitive", false) && !flags.includes("i")) flags += "i";
  return {
    pattern,
    flags,
    fullMatch: readBool(config, "full_match", false),
    negate: readBool(config, "negate", false),
  };
}

function configError(plan: Plan, err: unknown): never {
  if (err instanceof CreatorRegexError) throw new ConfigError(`pattern ${quote(plan.pattern)}: ${err.message}`);
  throw err;
}

function verdict({ pattern, fullMatch, negate }: Plan, matched: boolean): ValidatorResult {
  const what = fullMatch ? "fully matches" : "matches";
  if (negate) {
    return matched
      ? fail(`output ${what} forbidden pattern ${quote(pattern)}`)
      : pass(`output does not match ${quote(pattern)}`);
  }
  return matched
    ? pass(`output ${what} ${quote(pattern)}`)
    : fail(`output does not ${fullMatch ? "fully match" : "match"} ${quote(pattern)}`);
}

const unanswered = (plan: Plan, reason: string) => fail(`pattern ${quote(plan.pattern)}: ${searchFailure(reason)}`);

/** On this thread only: a search too costly to run inline fails instead of running. */
export const regexMatch = defineValidator("regex_match", (input) => {
  const plan = planOf(input);
  let matched: boolean | undefined;
  try {
    matched = inlineRegexTest(plan.pattern, plan.flags, input.actual, plan.fullMatch);
  } catch (err) {
    configError(plan, err);
  }
  return matched === undefined ? unanswered(plan, "inline") : verdict(plan, matched);
});

/** regex_match with a costly search sent to `search` (the bounded regex worker). */
export async function regexMatchBounded(input: ValidatorInput, search?: SearchRegex): Promise<ValidatorResult> {
  let plan: Plan;
  try {
    const config =
      input.config && typeof input.config === "object" && !Array.isArray(input.config) ? input.config : {};
    plan = planOf({ ...input, config });
    const actual = typeof input.actual === "string" ? cap(input.actual) : "";
    const found = await boundedRegexTest(plan.pattern, plan.flags, actual, { full: plan.fullMatch, search }).catch(
      (err: unknown) => configError(plan, err),
    );
    return found.ok ? verdict(plan, found.matched) : unanswered(plan, found.reason);
  } catch (err) {
    // The same wording as defineValidator's.
    if (err instanceof ConfigError) return fail(`invalid config: ${err.message}`);
    return fail(`validator error: ${(err instanceof Error ? err.message : String(err)).slice(0, 200)}`);
  }
}
