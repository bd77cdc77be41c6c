// On the demo ladder, levels 4–5 (light mode) and 1–3 (dark mode) showed instructions
// and labels at 1.0–1.2:1, because a theme set the page colours while cards fell back to the site's
// surface of the other scheme. Themes now pin their page's scheme and cover every surface; this
// computes every text/surface pair of every seeded theme in light and dark mode.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_LADDER, DEMO_LADDER_COLLECTION } from "@/lib/seed/ladder";
import { sanitizeTheme } from "@/lib/theme";
import { contrastRatio, parseCssColor, toHex } from "@/lib/theme/color";
import {
  completeTheme,
  MIN_TEXT_CONTRAST,
  resolveThemePalette,
  SITE_PALETTES,
  TEXT_SURFACE_PAIRS,
  themeContrast,
  themeScheme,
} from "@/lib/theme/contrast";
import { validateTheme } from "@/lib/theme/validate";

const SEEDED = [
  ...DEMO_LADDER.map((l) => [l.name, l.theme] as const),
  [DEMO_LADDER_COLLECTION.name, DEMO_LADDER_COLLECTION.theme] as const,
];

const css = readFileSync(join(process.cwd(), "app/globals.css"), "utf8");

/** The custom properties declared in the first block that starts at `selector`. */
function declarations(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  const body = css.slice(start, css.indexOf("}", start));
  return new Map([...body.matchAll(/(--[a-z0-9-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

const darkRoot = () => {
  const media = css.indexOf("@media (prefers-color-scheme: dark)");
  const start = css.indexOf(":root {", media);
  const body = css.slice(start, css.indexOf("}", start));
  return new Map([...body.matchAll(/(--[a-z0-9-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
};

describe("colour maths", () => {
  it("parses the colour syntaxes the theme whitelist accepts", () => {
    const hex = (v: string) => {
      const c = parseCssColor(v);
      return c ? toHex(c) : null;
    };
    expect(hex("#abc")).toBe("#aabbcc");
    expect(hex("#11223380")).toBe("#112233");
    expect(parseCssColor("#11223380")!.a).toBeCloseTo(0.5, 2);
    expect(hex("rgb(255, 0, 0)")).toBe("#ff0000");
    expect(hex("rgb(0 128 255 / 50%)")).toBe("#0080ff");
    expect(hex("hsl(120 100% 25%)")).toBe("#008000");
    expect(hex("hsla(0, 100%, 50%, 0.3)")).toBe("#ff0000");
    expect(hex("hwb(0 0% 0%)")).toBe("#ff0000");
    expect(hex("rebeccapurple")).toBe("#663399");
    expect(hex("oklch(1 0 0)")).toBe("#ffffff");
    expect(hex("oklab(0 0 0)")).toBe("#000000");
    expect(hex("lab(100 0 0)")).toBe("#ffffff");
    expect(hex("lch(50 0 0)")).toBe("#777777");
    expect(parseCssColor("notacolor")).toBeNull();
    expect(parseCssColor("currentcolor")).toBeNull();
  });

  it("computes WCAG contrast ratios", () => {
    const c = (v: string) => parseCssColor(v)!;
    expect(contrastRatio(c("#000"), c("#fff"))).toBeCloseTo(21, 5);
    expect(contrastRatio(c("#777"), c("#fff"))).toBeCloseTo(4.48, 2);
    expect(contrastRatio(c("#fff"), c("#fff"))).toBe(1);
  });
});

describe("site palettes", () => {
  it("match app/globals.css, and the pinned-scheme blocks repeat the site's blocks exactly", () => {
    // The light colours are one block shared by the site and pages pinned to light.
    const light = declarations(':root,\n[data-scheme="light"]');
    const dark = darkRoot();
    const tokens = { bg: "--color-bg", surface: "--color-surface", surfaceMuted: "--color-surface-muted", inputBg: "--color-input-bg", text: "--color-text", textMuted: "--color-text-muted", accent: "--color-accent", onAccent: "--color-on-accent", border: "--color-border" } as const;
    for (const [key, variable] of Object.entries(tokens)) {
      expect(SITE_PALETTES.light[key as keyof typeof tokens], variable).toBe(light.get(variable));
      expect(SITE_PALETTES.dark[key as keyof typeof tokens], variable).toBe(dark.get(variable));
    }
    const colours = (m: Map<string, string>) => new Map([...m].filter(([k]) => k.startsWith("--color-") || k.startsWith("--shadow-")));
    expect(colours(light).size).toBeGreaterThan(25);
    // The pinned-light block's own declarations add no colour that could drift from the site's.
    const pinnedLight = css.slice(css.lastIndexOf('[data-scheme="light"] {'));
    expect(pinnedLight.slice(0, pinnedLight.indexOf("}"))).not.toMatch(/--color-|--shadow-/);
    expect(colours(declarations('[data-scheme="dark"]'))).toEqual(colours(dark));
  });

  it("the site's own colours pass in both schemes (a theme without colours)", () => {
    const findings = themeContrast({});
    expect(findings.length).toBeGreaterThan(0); // every() of nothing would pass
    expect(findings.every((f) => f.ratio >= MIN_TEXT_CONTRAST)).toBe(true);
    expect(themeScheme({})).toBeNull();
  });
});

describe.each(SEEDED)("seeded theme %s", (_name, raw) => {
  const theme = sanitizeTheme(raw);

  it("covers every surface: it pins its scheme and sets surface, text, muted, border and on-accent", () => {
    expect(themeScheme(theme)).not.toBeNull();
    for (const v of ["--challenge-bg", "--challenge-surface", "--challenge-fg", "--challenge-muted", "--challenge-border", "--challenge-accent", "--challenge-on-accent"]) {
      expect(theme, v).toHaveProperty(v);
    }
  });

  it.each(["light", "dark"] as const)("every text/surface pair is at least 4.5:1 in %s mode", (scheme) => {
    const findings = themeContrast(theme).filter((f) => f.scheme === scheme);
    expect(findings).toHaveLength(TEXT_SURFACE_PAIRS.length);
    for (const f of findings) {
      expect(f.ratio, `${f.text} ${f.textColor} on ${f.surface} ${f.surfaceColor}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it("passes the save-time validation", () => {
    expect(validateTheme(raw).ok).toBe(true);
  });
});

describe("the reported failure", () => {
  it("a light theme's text on the dark site's surface (the old fallback) is what measured ~1.1:1", () => {
    const level1 = sanitizeTheme(DEMO_LADDER[0]!.theme);
    const oldCard = contrastRatio(parseCssColor(level1["--challenge-fg"]!)!, parseCssColor(SITE_PALETTES.dark.surface)!);
    expect(oldCard).toBeLessThan(1.5);
    // Now the page is pinned light, so a card is the theme's (or the light) surface in dark mode too.
    const palette = resolveThemePalette(level1, "dark");
    expect(contrastRatio(palette.foreground!, palette.surface!)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it("a page-colours-only theme is pinned, so its cards follow its brightness in both schemes", () => {
    const dark = { "--challenge-bg": "#1d1f2b", "--challenge-fg": "#e8e6f0" };
    expect(themeScheme(dark)).toBe("dark");
    for (const scheme of ["light", "dark"] as const) {
      const p = resolveThemePalette(dark, scheme);
      expect(toHex(p.surface!)).toBe(SITE_PALETTES.dark.surface);
      expect(contrastRatio(p.foreground!, p.surface!)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });
});

describe("theme validation refuses unreadable themes", () => {
  it("names the pair, the ratio and the mode", () => {
    const res = validateTheme({ background: "#ffffff", muted: "#aaaaaa" });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.issues).toEqual([
      expect.objectContaining({ path: "muted", message: expect.stringMatching(/muted text \(#aaaaaa\) on the page background \(#ffffff\) has a contrast of 2\.3\d?:1 in light and dark mode; text needs at least 4\.5:1/) }),
      expect.objectContaining({ path: "muted", message: expect.stringContaining("cards and panels") }),
    ]);
  });

  it("refuses a surface that drowns the text, and colours it cannot measure", () => {
    expect(validateTheme({ background: "#1d1f2b", foreground: "#e8e6f0", surface: "#f0f0f0" }).ok).toBe(false);
    const unknown = validateTheme({ accent: "notacolor" });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.issues[0]!.message).toMatch(/not a colour whose contrast can be checked/);
  });

  it("a low-contrast accent button is refused unless the theme leaves on-accent to the platform", () => {
    expect(validateTheme({ accent: "#ffff00", onAccent: "#ffffff" }).ok).toBe(false);
    expect(validateTheme({ accent: "#ffff00" }).ok).toBe(true);
    expect(completeTheme({ "--challenge-accent": "#ffff00" })["--challenge-on-accent"]).toBe("#000000");
    expect(completeTheme({ "--challenge-accent": "#123456" })["--challenge-on-accent"]).toBe("#ffffff");
  });
});
