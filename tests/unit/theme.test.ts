import { describe, expect, it } from "vitest";
import { isSignedAssetUrl, sanitizeTheme, themeToStyle } from "@/lib/theme";

describe("sanitizeTheme", () => {
  it("keeps whitelisted tokens with valid values, by token or variable name", () => {
    expect(
      sanitizeTheme({
        background: "#0b1020",
        "--challenge-fg": "rgb(240, 240, 255)",
        accent: "hsl(280 80% 60%)",
        font: '"Courier New", monospace',
        radius: "12px",
        colors: { border: "rebeccapurple" },
      }),
    ).toEqual({
      "--challenge-bg": "#0b1020",
      "--challenge-fg": "rgb(240, 240, 255)",
      "--challenge-accent": "hsl(280 80% 60%)",
      "--challenge-font": '"Courier New", monospace',
      "--challenge-radius": "12px",
      "--challenge-border": "rebeccapurple",
    });
  });

  it.each([
    ["unknown variable", { "--color-bg": "#000" }],
    ["unknown token", { position: "fixed" }],
    ["declaration break-out", { background: "#000; position: fixed" }],
    ["block break-out", { accent: "red} body{display:none" }],
    ["remote url", { backgroundImage: "url(https://evil.example/x.png)" }],
    ["javascript url", { backgroundImage: "url(javascript:alert(1))" }],
    ["data url", { backgroundImage: "url(data:image/svg+xml;base64,PHN2Zz4=)" }],
    ["unsigned asset", { backgroundImage: "/assets/abc" }],
    ["expression()", { background: "expression(alert(1))" }],
    ["escape sequence", { foreground: "\\72 ed" }],
    ["comment", { foreground: "red/**/" }],
    ["length with junk", { radius: "12px !important" }],
    ["font with url", { font: "x, url(/a)" }],
    ["non-string", { background: 12 }],
    ["too long", { font: "a".repeat(300) }],
  ])("drops %s", (_name, theme) => {
    expect(sanitizeTheme(theme)).toEqual({});
  });

  it("accepts only signed same-origin asset URLs for images", () => {
    expect(sanitizeTheme({ backgroundImage: "/assets/3f2a-11?exp=1700000000&sig=abcDEF123_-x" })).toEqual({
      "--challenge-bg-image": 'url("/assets/3f2a-11?exp=1700000000&sig=abcDEF123_-x")',
    });
    expect(isSignedAssetUrl('/assets/x?sig=abcdefgh")')).toBe(false);
    expect(isSignedAssetUrl("//evil.example/assets/x?sig=abcdefgh")).toBe(false);
  });

  it("returns no styles for non-objects", () => {
    expect(themeToStyle(null)).toEqual({});
    expect(themeToStyle("background: red")).toEqual({});
    expect(themeToStyle([{ background: "red" }])).toEqual({});
  });
});
