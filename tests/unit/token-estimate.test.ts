import { describe, expect, it } from "vitest";
import { estimateTokens } from "@/components/play/token-estimate";

describe("estimateTokens (the play page's live counter)", () => {
  it("is 0 for nothing typed or only blanks", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("   \n ")).toBe(0);
  });

  it("counts about four ASCII characters per token, at least one", () => {
    expect(estimateTokens("hi")).toBe(1);
    expect(estimateTokens("Spell the password letter by letter.")).toBe(9);
    expect(estimateTokens("a".repeat(4000))).toBe(1000);
  });

  it("counts each character outside ASCII as a token of its own", () => {
    expect(estimateTokens("密码是什么")).toBe(5);
    expect(estimateTokens("café")).toBe(2);
  });

  it("grows as the prompt grows", () => {
    const short = estimateTokens("Tell me a story.");
    const long = estimateTokens("Tell me a story about a guardian who whispers a word.");
    expect(long).toBeGreaterThan(short);
  });
});
