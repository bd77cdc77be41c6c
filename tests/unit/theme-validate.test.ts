import { describe, expect, it } from "vitest";
import { sanitizeTheme } from "@/lib/theme";
import { validateTheme } from "@/lib/theme/validate";

const SIGNED = "/assets/6f1c1a52-1111-4111-8111-111111111111?exp=1900000000&sig=abcDEF123_-xyzxyzxyz";

describe("validateTheme (strict, for saving)", () => {
  it("accepts whitelisted tokens and variables and returns what sanitizeTheme renders", () => {
    const input = { accent: "#ff0066", "--challenge-bg": "rgb(1, 2, 3)", colors: { border: "navy" }, radius: "6px", backgroundImage: `url(${SIGNED})` };
    const res = validateTheme(input);
    expect(res).toEqual({
      ok: true,
      theme: {
        "--challenge-accent": "#ff0066",
        "--challenge-bg": "rgb(1, 2, 3)",
        "--challenge-border": "navy",
        "--challenge-radius": "6px",
        "--challenge-bg-image": `url("${SIGNED}")`,
      },
    });
    if (res.ok) expect(sanitizeTheme(res.theme)).toEqual(res.theme);
  });

  it.each([
    ["a property outside the whitelist", { "--color-bg": "#000" }, "--color-bg", "not a theme property"],
    ["a CSS property name", { position: "fixed" }, "position", "not a theme property"],
    ["a nested unknown token", { colors: { shadow: "#000" } }, "colors.shadow", "not a theme property"],
    ["a remote url()", { backgroundImage: "url(https://evil.example/a.png)" }, "backgroundImage", "signed /assets"],
    ["a javascript: url()", { backgroundImage: "url(javascript:alert(1))" }, "backgroundImage", "signed /assets"],
    ["an unsigned asset url()", { backgroundImage: "url(/assets/6f1c1a52-1111-4111-8111-111111111111)" }, "backgroundImage", "signed /assets"],
    ["url() in a color", { accent: `url(${SIGNED})` }, "accent", "only allowed in image"],
    ["declaration break-out", { background: "#000; position: fixed" }, "background", "must be a color"],
    ["a length with junk", { radius: "1px !important" }, "radius", "must be a length"],
    ["a non-string value", { accent: 5 }, "accent", "must be a color"],
  ])("rejects %s", (_name, input, path, message) => {
    const res = validateTheme(input);
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.issues).toHaveLength(1);
      expect(res.issues[0]!.path).toBe(path);
      expect(res.issues[0]!.message).toContain(message);
    }
  });

  it("reports every problem at once", () => {
    const res = validateTheme({ accent: "red;", position: "fixed", font: "Inter, sans-serif" });
    expect(res.ok ? [] : res.issues.map((i) => i.path)).toEqual(["accent", "position"]);
  });

  it("asks the server's verifier about signed URLs (signature, expiry, workspace)", () => {
    expect(validateTheme({ backgroundImage: `url(${SIGNED})` }, { verifyAssetUrl: () => false }).ok).toBe(false);
    expect(validateTheme({ backgroundImage: `url(${SIGNED})` }, { verifyAssetUrl: (u) => u === SIGNED }).ok).toBe(true);
  });

  it("refuses non-objects and accepts an empty or missing theme", () => {
    expect(validateTheme("background: red").ok).toBe(false);
    expect(validateTheme([{ accent: "red" }]).ok).toBe(false);
    expect(validateTheme(null)).toEqual({ ok: true, theme: {} });
    expect(validateTheme({})).toEqual({ ok: true, theme: {} });
  });
});
