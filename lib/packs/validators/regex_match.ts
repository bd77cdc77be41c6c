import { compileCreatorRegex, CreatorRegexError } from "@/lib/evaluation/regex";
import {
  ConfigError,
  defineValidator,
  expectedText,
  fail,
  pass,
  quote,
  readBool,
  readString,
} from "./shared";

// regex_match: RE2 semantics through re2js (linear time; inline flags such as (?i) and (?im)).
// The pattern is `config.pattern`, else the expected evidence. `flags` may add i, m, s;
// `case_insensitive: true` adds i; `full_match: true` requires the whole output to match;
// `negate: true` passes when the pattern does not match. A JS RegExp is never built from it.

export const regexMatch = defineValidator("regex_match", ({ actual, expected, config }) => {
  const pattern = readString(config, "pattern") ?? expectedText(expected);
  if (pattern === undefined || pattern === "")
    throw new ConfigError("pattern is required (config.pattern or expected value)");
  let flags = readString(config, "flags") ?? "";
  if (readBool(config, "case_insensitive", false) && !flags.includes("i")) flags += "i";
  const fullMatch = readBool(config, "full_match", false);
  const negate = readBool(config, "negate", false);

  let matched: boolean;
  try {
    const re = compileCreatorRegex(pattern, flags);
    matched = fullMatch ? re.matches(actual) : re.test(actual);
  } catch (err) {
    if (err instanceof CreatorRegexError) throw new ConfigError(`pattern ${quote(pattern)}: ${err.message}`);
    throw err;
  }
  const what = fullMatch ? "fully matches" : "matches";
  if (negate) {
    return matched
      ? fail(`output ${what} forbidden pattern ${quote(pattern)}`)
      : pass(`output does not match ${quote(pattern)}`);
  }
  return matched
    ? pass(`output ${what} ${quote(pattern)}`)
    : fail(`output does not ${fullMatch ? "fully match" : "match"} ${quote(pattern)}`);
});
