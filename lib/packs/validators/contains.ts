import {
  ConfigError,
  defineValidator,
  expectedText,
  fail,
  pass,
  quote,
  readBool,
  readChoice,
} from "./shared";

// contains: the output contains the expected text (case-sensitive unless
// `case_insensitive: true`). A list of expected strings is checked with `mode: all` (default,
// score = fraction found) or `mode: any`. `negate: true` passes when nothing is found.

export const contains = defineValidator("contains", ({ actual, expected, config }) => {
  const caseInsensitive = readBool(config, "case_insensitive", false);
  const negate = readBool(config, "negate", false);
  const mode = readChoice(config, "mode", ["all", "any"] as const, "all");
  const needles = Array.isArray(expected) ? expected.map((e) => expectedText(e)) : [expectedText(expected)];
  if (needles.length === 0 || needles.some((n) => n === undefined || n === "")) {
    throw new ConfigError("expected value must be a non-empty string or a list of non-empty strings");
  }
  const prep = (s: string) => (caseInsensitive ? s.toLowerCase() : s);
  const haystack = prep(actual);
  const list = needles as string[];
  const found = list.filter((n) => haystack.includes(prep(n)));
  const missing = list.filter((n) => !found.includes(n));

  if (negate) {
    return found.length === 0
      ? pass(`output does not contain ${list.length === 1 ? quote(list[0]) : "any of the expected strings"}`)
      : fail(`output contains ${quote(found[0])}`);
  }
  if (mode === "any") {
    return found.length > 0
      ? pass(`output contains ${quote(found[0])}`)
      : fail(`output contains none of ${list.length} expected strings`);
  }
  const score = found.length / list.length;
  return missing.length === 0
    ? pass(
        list.length === 1
          ? `output contains ${quote(list[0])}`
          : `output contains all ${list.length} expected strings`,
      )
    : fail(
        `output does not contain ${quote(missing[0])}${missing.length > 1 ? ` (+${missing.length - 1} more)` : ""}`,
        score,
      );
});
