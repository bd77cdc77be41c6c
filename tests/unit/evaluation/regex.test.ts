import { RE2JS } from "re2js";
import { describe, expect, it, vi } from "vitest";
import {
  compileCreatorRegex,
  CreatorRegexError,
  creatorRegexCacheSize,
  creatorRegexFind,
  MAX_PATTERN_LENGTH,
  quoteRegexLiteral,
  validateCreatorRegex,
} from "@/lib/evaluation/regex";

describe("validateCreatorRegex: refused patterns name the problem", () => {
  it.each([
    {
      name: "lookahead",
      pattern: "pass(?=word)",
      message: /^Lookahead \(\?=…\) is not supported at position 5: patterns run on a linear-time engine/,
    },
    {
      name: "negative lookahead",
      pattern: "(?!no)yes",
      message: /^Lookahead \(\?!…\) is not supported at position 1/,
    },
    {
      name: "lookbehind",
      pattern: "x(?<=a)b",
      message: /^Lookbehind \(\?<=…\) is not supported at position 2: patterns run on a linear-time engine/,
    },
    {
      name: "negative lookbehind",
      pattern: "(?<!a)b",
      message: /^Lookbehind \(\?<!…\) is not supported at position 1/,
    },
    {
      name: "numbered backreference",
      pattern: "(a)\\1",
      message: /^Backreferences like \\1 are not supported at position 4/,
    },
    {
      name: "named backreference",
      pattern: "(?<w>a)\\k<w>",
      message: /^Named backreferences like \\k<name> are not supported/,
    },
    {
      name: "Python backreference",
      pattern: "(?P<w>a)(?P=w)",
      message: /^Backreferences like \(\?P=name\) are not supported/,
    },
    { name: "atomic group", pattern: "(?>ab)c", message: /^Atomic groups \(\?>…\) are not supported/ },
    {
      name: "possessive quantifier",
      pattern: "a++b",
      message: /^Possessive quantifiers like \+\+ are not supported at position 2/,
    },
    {
      name: "double quantifier",
      pattern: "x{2}{3}",
      message: /^A quantifier cannot follow another quantifier/,
    },
    {
      name: "unclosed group",
      pattern: "ab(cd(ef)",
      message: /^Missing closing parenthesis \) for the group opened at position 3\.$/,
    },
    {
      name: "stray closing paren",
      pattern: "[)]x)y",
      message: /^Unmatched closing parenthesis \) at position 5\./,
    },
    {
      name: "unclosed class",
      pattern: "ab[cd",
      message: /^Missing closing bracket \] for the character class that starts at position 3\.$/,
    },
    {
      name: "reversed range",
      pattern: "[z-a]",
      message: /^Invalid character class or range z-a at position 2\.$/,
    },
    {
      name: "repeat too large",
      pattern: "a{1001}",
      message: /^Repeat count \{1001\} is invalid or too large at position 2/,
    },
    {
      name: "nested repeats multiply",
      pattern: "(a{100}){100}",
      message: /^Repeat count \{100\} is invalid or too large/,
    },
    {
      name: "nothing to repeat",
      pattern: "*a",
      message: /^The quantifier \* at position 1 has nothing to repeat/,
    },
    { name: "trailing backslash", pattern: "ab\\", message: /^The pattern ends with a lone backslash/ },
    {
      name: "\\u escape",
      pattern: "\\u0041",
      message: /^The escape \\u is not supported at position 1: write a code point as \\x\{0041\}/,
    },
    {
      name: "\\Z anchor",
      pattern: "end\\Z",
      message: /^The escape \\Z is not supported at position 4: use \\z/,
    },
    { name: "duplicate group name", pattern: "(?<n>a)(?<n>b)", message: /^The group name "n" is used twice/ },
    {
      name: "too long",
      pattern: "a".repeat(MAX_PATTERN_LENGTH + 1),
      message: /^The pattern is too long \(2,001 characters; the limit is 2,000\)/,
    },
    {
      name: "too complex",
      pattern: "[ab]{1000}".repeat(6),
      message: /^The pattern is too complex once its repeats are expanded/,
    },
  ])("$name", ({ pattern, message }) => {
    const result = validateCreatorRegex(pattern);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it("an unknown flag is refused by name", () => {
    expect(validateCreatorRegex("abc", "ig")).toEqual({
      ok: false,
      message: expect.stringMatching(/^Unknown regex flag "g": use i \(ignore case\), m .* or s /) as string,
    });
  });

  it("compileCreatorRegex throws CreatorRegexError with the same message", () => {
    expect(() => compileCreatorRegex("(?=x)")).toThrow(CreatorRegexError);
    expect(() => compileCreatorRegex("(?=x)")).toThrow(/Lookahead/);
  });
});

describe("validateCreatorRegex: accepted patterns", () => {
  it.each([
    { name: "escaped braces and classes", pattern: "flag\\{[a-z0-9_]+\\}" },
    { name: "inline flag", pattern: "(?i)secret password" },
    { name: "anchored alternation", pattern: "^(?:yes|no)$" },
    { name: "Unicode script", pattern: "\\p{Greek}+" },
    { name: "POSIX class and counted repeat", pattern: "[[:alpha:]]+\\d{2,4}" },
    { name: "named group and word boundary", pattern: "(?<word>\\w+)\\s+\\b" },
    { name: "largest repeat", pattern: "a{0,1000}" },
    { name: "code point escape", pattern: "\\x{1F600}" },
    { name: "lookahead syntax inside a class is just characters", pattern: "[(?=]" },
    { name: "longest allowed pattern", pattern: "a".repeat(MAX_PATTERN_LENGTH) },
  ])("$name", ({ pattern }) => {
    expect(validateCreatorRegex(pattern)).toEqual({ ok: true });
  });
});

describe("creatorRegexFind", () => {
  it.each([
    { name: "finds anywhere", pattern: "b+c", flags: "", text: "aaabbbcdd", found: true },
    { name: "case-sensitive by default", pattern: "flag", flags: "", text: "FLAG", found: false },
    { name: "flag i", pattern: "flag", flags: "i", text: "FLAG", found: true },
    { name: "inline (?i)", pattern: "(?i)flag", flags: "", text: "FlAg", found: true },
    {
      name: "^$ anchor the whole text without m",
      pattern: "^two$",
      flags: "",
      text: "one\ntwo\nthree",
      found: false,
    },
    { name: "flag m anchors lines", pattern: "^two$", flags: "m", text: "one\ntwo\nthree", found: true },
    {
      name: ". stops at newlines without s",
      pattern: "start.*end",
      flags: "",
      text: "start\nend",
      found: false,
    },
    { name: "flag s", pattern: "start.*end", flags: "s", text: "start\nend", found: true },
    { name: "Unicode letters", pattern: "^\\p{L}+$", flags: "", text: "Straße", found: true },
  ])("$name", ({ pattern, flags, text, found }) => {
    expect(creatorRegexFind(pattern, text, flags)).toBe(found);
  });

  // Inputs sized so a backtracking engine would need hours or more ((a+)+$ takes ~2 s at 26
  // characters in V8 and doubles with each one). Checked by what runs, not by a clock: a short
  // text first shows the search is RE2's, then the hostile one must get RE2's answer.
  it.each([
    { pattern: "(a+)+$", text: `${"a".repeat(40)}b` },
    { pattern: "^(a|aa)*$", text: `${"a".repeat(100)}b` },
    { pattern: "^(a|a?)+$", text: `${"a".repeat(40)}b` },
    { pattern: "^(\\w+\\s?)*$", text: `${"word ".repeat(30)}!` },
    { pattern: "(x+x+)+y", text: "x".repeat(100_000) },
  ])("catastrophic-backtracking pattern $pattern runs on the linear engine", ({ pattern, text }) => {
    const search = vi.spyOn(RE2JS.prototype, "test");
    try {
      expect(compileCreatorRegex(pattern)).toBeInstanceOf(RE2JS);
      creatorRegexFind(pattern, "short");
      expect(search).toHaveBeenLastCalledWith("short");
      expect(creatorRegexFind(pattern, text)).toBe(false);
      expect(search).toHaveBeenLastCalledWith(text);
    } finally {
      search.mockRestore();
    }
  });
});

describe("quoteRegexLiteral", () => {
  it.each([
    { literal: "a.b*c", text: "a.b*c", found: true },
    { literal: "a.b*c", text: "aXbbbc", found: false },
    { literal: "(x)[y]{1}\\d$^|+?", text: "(x)[y]{1}\\d$^|+?", found: true },
    { literal: "\\E.\\Q", text: "\\E.\\Q", found: true },
    { literal: "\\E.\\Q", text: "\\EX\\Q", found: false },
  ])("$literal in $text → $found", ({ literal, text, found }) => {
    expect(creatorRegexFind(quoteRegexLiteral(literal), text)).toBe(found);
  });

  it("groups the literal so a quantifier after it repeats all of it", () => {
    expect(creatorRegexFind(`^${quoteRegexLiteral("ab")}{2}$`, "abab")).toBe(true);
    expect(creatorRegexFind(`^${quoteRegexLiteral("ab")}{2}$`, "abb")).toBe(false);
  });
});

describe("compiled pattern cache", () => {
  it("is bounded and reuses compiled patterns", () => {
    for (let i = 0; i < 400; i++) validateCreatorRegex(`cache-${i}-[a-z]+`);
    expect(creatorRegexCacheSize()).toBeLessThanOrEqual(256);
    const a = compileCreatorRegex("reuse-me\\d+");
    expect(compileCreatorRegex("reuse-me\\d+")).toBe(a);
    // Flags are part of the key.
    expect(compileCreatorRegex("reuse-me\\d+", "i")).not.toBe(a);
  });
});
