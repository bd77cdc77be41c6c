import { RE2JS } from "re2js";
import { describe, expect, it, vi } from "vitest";
import { foldForContains } from "@/lib/evaluation/normalize";
import { evaluateRules } from "@/lib/evaluation/rules";
import type { Case } from "./rules-support";

describe("evaluateRules: contains (case-insensitive, Unicode-normalised)", () => {
  it.each<Case>([
    {
      name: "plain substring",
      successType: "contains",
      pattern: "swordfish",
      text: "The password is swordfish.",
      outcome: "pass",
    },
    {
      name: "case-insensitive",
      successType: "contains",
      pattern: "SwordFish",
      text: "the password is SWORDFISH",
      outcome: "pass",
    },
    {
      name: "absent",
      successType: "contains",
      pattern: "swordfish",
      text: "I cannot share that.",
      outcome: "fail",
    },
    {
      name: "fullwidth text matches ASCII pattern (NFKC)",
      successType: "contains",
      pattern: "flag",
      text: "here: ＦＬＡＧ",
      outcome: "pass",
    },
    {
      name: "fullwidth pattern matches ASCII text (NFKC)",
      successType: "contains",
      pattern: "ＦＬＡＧ",
      text: "the flag",
      outcome: "pass",
    },
    {
      name: "ligature folds (ﬁ → fi)",
      successType: "contains",
      pattern: "fire",
      text: "ﬁre",
      outcome: "pass",
    },
    {
      name: "Straße contains STRASSE (ß folds to ss)",
      successType: "contains",
      pattern: "STRASSE",
      text: "Hauptstraße 5",
      outcome: "pass",
    },
    {
      name: "STRASSE contains straße",
      successType: "contains",
      pattern: "straße",
      text: "HAUPTSTRASSE 5",
      outcome: "pass",
    },
    {
      name: "capital sharp s (ẞ) folds too",
      successType: "contains",
      pattern: "strasse",
      text: "STRAẞE",
      outcome: "pass",
    },
    {
      name: "final sigma ς matches σ inside a word",
      successType: "contains",
      pattern: "ΟΔΟΣ",
      text: "οδοσήμανση",
      outcome: "pass",
    },
    {
      name: "composed é equals decomposed e + U+0301",
      successType: "contains",
      pattern: "café",
      text: "cafe\u0301 au lait",
      outcome: "pass",
    },
    {
      name: "accents are not stripped",
      successType: "contains",
      pattern: "cafe",
      text: "café",
      outcome: "fail",
    },
    {
      name: "multi-line pattern matches CRLF text",
      successType: "contains",
      pattern: "line one\nline two",
      text: "x\r\nline one\r\nline two\r\n",
      outcome: "pass",
    },
    {
      name: "match spanning lines is not invented",
      successType: "contains",
      pattern: "one two",
      text: "one\ntwo",
      outcome: "fail",
    },
    {
      name: "regex metacharacters are literal",
      successType: "contains",
      pattern: "a.b*",
      text: "aXbb",
      outcome: "fail",
    },
  ])("$name", ({ successType, pattern, text, outcome }) => {
    expect(evaluateRules({ successType, pattern, text }).outcome).toBe(outcome);
  });

  it("documents the folding of ß, fullwidth letters and CRLF", () => {
    expect(foldForContains("Straße")).toBe("strasse");
    expect(foldForContains("ＦＬＡＧ")).toBe("flag");
    expect(foldForContains("a\r\nb\rc")).toBe("a\nb\nc");
  });
});

describe("evaluateRules: regex (RE2, found anywhere)", () => {
  it.each<Case>([
    {
      name: "found in the middle",
      successType: "regex",
      pattern: "flag\\{[a-z]+\\}",
      text: "ok flag{abc} done",
      outcome: "pass",
    },
    {
      name: "case-sensitive by default",
      successType: "regex",
      pattern: "flag",
      text: "FLAG",
      outcome: "fail",
    },
    { name: "inline (?i)", successType: "regex", pattern: "(?i)flag", text: "FLAG", outcome: "pass" },
    {
      name: "flags argument",
      successType: "regex",
      pattern: "flag",
      text: "FLAG",
      flags: "i",
      outcome: "pass",
    },
    {
      name: "(?m) anchors lines",
      successType: "regex",
      pattern: "(?m)^secret: \\w+$",
      text: "hello\nsecret: abc\nbye",
      outcome: "pass",
    },
    {
      name: "without m, ^ is the start of the text",
      successType: "regex",
      pattern: "^secret",
      text: "hello\nsecret",
      outcome: "fail",
    },
    {
      name: "(?s) dot crosses lines",
      successType: "regex",
      pattern: "(?s)BEGIN.*END",
      text: "BEGIN\nmiddle\nEND",
      outcome: "pass",
    },
    {
      name: "Unicode class",
      successType: "regex",
      pattern: "\\p{Han}{2}",
      text: "答案是秘密",
      outcome: "pass",
    },
  ])("$name", ({ successType, pattern, text, flags, outcome }) => {
    expect(evaluateRules({ successType, pattern, text, flags }).outcome).toBe(outcome);
  });

  it("(a+)+$ against 40 a's and a b is evaluated by the linear engine", () => {
    // Backtracking would take hours (~2 s at 26 characters, doubling with each): a short text
    // first shows the verdict comes from RE2, then the hostile one must get RE2's answer.
    const search = vi.spyOn(RE2JS.prototype, "test");
    try {
      expect(evaluateRules({ successType: "regex", pattern: "^(a+)+$", text: "aaa" }).outcome).toBe("pass");
      expect(search).toHaveBeenLastCalledWith("aaa");
      const text = `${"a".repeat(40)}b`;
      expect(evaluateRules({ successType: "regex", pattern: "^(a+)+$", text }).outcome).toBe("fail");
      expect(search).toHaveBeenLastCalledWith(text);
    } finally {
      search.mockRestore();
    }
  });
});
