import { ConfigError, defineValidator, fail, pass, quote } from "./shared";

// boolean_assert: the output is a yes/no answer equal to the expected one. Accepted words
// (case-insensitive, surrounding whitespace, quotes, backticks and a final . or ! ignored):
// true/yes → true, false/no → false. The expected value is a boolean or one of those words;
// when absent it defaults to true (the output must assert "true"/"yes").

const WORDS: Record<string, boolean> = { true: true, yes: true, false: false, no: false };

export function parseBooleanWord(text: string): boolean | undefined {
  const t = text
    .trim()
    .replace(/^["'`*]+|["'`*]+$/g, "")
    .replace(/[.!]+$/, "")
    .trim()
    .toLowerCase();
  return Object.hasOwn(WORDS, t) ? WORDS[t] : undefined;
}

export const booleanAssert = defineValidator("boolean_assert", ({ actual, expected }) => {
  let want: boolean;
  if (expected === undefined || expected === null) want = true;
  else if (typeof expected === "boolean") want = expected;
  else if (typeof expected === "string" && parseBooleanWord(expected) !== undefined)
    want = parseBooleanWord(expected)!;
  else throw new ConfigError("expected value must be a boolean or one of true, false, yes, no");

  const got = parseBooleanWord(actual);
  if (got === undefined) return fail(`output ${quote(actual.trim())} is not one of true, false, yes, no`);
  return got === want ? pass(`output asserts ${got}`) : fail(`output asserts ${got}, expected ${want}`);
});
