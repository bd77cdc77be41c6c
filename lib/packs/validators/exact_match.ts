import { defineValidator, fail, pass, quote, readBool, requireExpectedText } from "./shared";

// exact_match: the output equals the expected text. Surrounding whitespace is ignored unless
// `trim: false`; case matters unless `case_insensitive: true`.

export const exactMatch = defineValidator("exact_match", ({ actual, expected, config }) => {
  const trim = readBool(config, "trim", true);
  const caseInsensitive = readBool(config, "case_insensitive", false);
  const prep = (s: string) => {
    const t = trim ? s.trim() : s;
    return caseInsensitive ? t.toLowerCase() : t;
  };
  const a = prep(actual);
  const e = prep(requireExpectedText(expected));
  if (a === e) return pass("output equals the expected text");
  let i = 0;
  while (i < a.length && i < e.length && a[i] === e[i]) i++;
  return fail(
    `output differs from the expected text at character ${i + 1}: ${quote(a.slice(i, i + 30))} vs ${quote(e.slice(i, i + 30))}`,
  );
});
