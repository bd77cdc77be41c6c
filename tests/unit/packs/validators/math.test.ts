import { describe, expect, it } from "vitest";
import { mathEquivalence, parseExpression } from "@/lib/packs/validators/math_equivalence";

const run = (actual: string, expected: unknown, config: Record<string, unknown> = {}) =>
  mathEquivalence.run({ actual, expected, config });

describe("math_equivalence", () => {
  it("symbolic: simplify shows equal expressions", () => {
    expect(run("2x + 3x", "5*x")).toMatchObject({ passed: true, score: 1 });
    expect(run("x/2", "0.5*x").passed).toBe(true);
    expect(run("$\\frac{1}{2}$", "1/2").passed).toBe(false); // LaTeX is not mathjs syntax
    expect(run("$1/2$", "0.5").passed).toBe(true);
  });
  it("symbolic: products that simplify does not expand are checked at sample points", () => {
    const r = run("(x-1)*(x+1)", "x^2 - 1");
    expect(r.passed).toBe(true);
    expect(r.evidence).toMatch(/agree at 8 sample points/);
    expect(run("sin(x)^2 + cos(x)^2", "1").passed).toBe(true);
    expect(run("(a+b)^2", "a^2 + 2*a*b + b^2").passed).toBe(true);
  });
  it("symbolic: different expressions fail with the residual", () => {
    const r = run("x^2 + 1", "x^2 - 1");
    expect(r.passed).toBe(false);
    expect(r.evidence).toMatch(/are not equivalent: they differ at x=/);
    expect(run("x + 1e-12", "x").passed).toBe(true); // within the 1e-9 sample tolerance
    expect(run("2*y", "2*x").passed).toBe(false);
  });
  it("numeric: evaluate both within tolerance", () => {
    expect(run("sqrt(2)/2", "1/sqrt(2)", { comparison_mode: "numeric" }).passed).toBe(true);
    expect(run("3.14", "pi", { comparison_mode: "numeric" }).passed).toBe(false);
    expect(run("3.14", "pi", { comparison_mode: "numeric", tolerance: 0.01 }).passed).toBe(true);
    expect(run("3.2", "pi", { comparison_mode: "numeric", relative_tolerance: 0.05 }).passed).toBe(true);
    expect(run("x", "1", { comparison_mode: "numeric" }).evidence).toMatch(/needs numbers/);
    expect(run("sqrt(-1)", "1", { comparison_mode: "numeric" }).evidence).toMatch(/real numbers/);
  });
  it("refuses anything beyond arithmetic: assignments, functions definitions, imports, matrices, strings", () => {
    for (const evil of [
      "x = 5",
      "f(x) = x",
      "import({}, {})",
      "[1, 2]",
      '"a"',
      "x > 1",
      'evaluate("1")',
      "a.b",
    ]) {
      const r = run(evil, "1");
      expect(r.passed, evil).toBe(false);
      expect(r.evidence, evil).toMatch(/not a supported expression/);
    }
    expect(parseExpression("x".repeat(301))).toMatchObject({ ok: false });
  });
  it("bounded size keeps the check fast: large sides skip simplify", () => {
    // 14 terms (55 nodes): simplify alone would take seconds; sampling takes milliseconds.
    const chain = Array.from({ length: 14 }, (_, i) => `${i}*x`).join(" - ");
    // Which path ran shows in the evidence: sampling for the large sides, simplify for the small.
    expect(run(chain, chain.replace("1*x", "2*x")).passed).toBe(false);
    const large = run(chain, `${chain} + 0`);
    expect(large.passed).toBe(true);
    expect(large.evidence).toMatch(/agree at \d+ sample points/);
    const small = Array.from({ length: 6 }, (_, i) => `${i}*x`).join(" - "); // 23 nodes: simplified
    expect(run(small, "-15*x").evidence).toMatch(/simplify to the same expression/);
    expect(run(`${chain} + ${chain}`, "1").evidence).toMatch(/more than 60 terms/);
  });
  it("config errors: comparison_mode and an unparseable expected value", () => {
    expect(run("1", "1", { comparison_mode: "fuzzy" }).evidence).toMatch(
      /comparison_mode must be one of symbolic, numeric/,
    );
    expect(run("1", "((").evidence).toMatch(/invalid config: expected expression/);
  });
});
