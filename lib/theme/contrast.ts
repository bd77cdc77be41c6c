import { composite, contrastRatio, parseCssColor, relativeLuminance, toHex, type Rgba } from "./color";
import { THEME_TOKENS, type SanitizedTheme } from "./index";

// Themes stay readable (WCAG AA) in both colour schemes; client-safe, so the editor shows what the
// server refuses (lib/theme/README.md, 'Contrast').

export type Scheme = "light" | "dark";

/** The site's colours a themed page can show (the values of app/globals.css; a test keeps them equal). */
export const SITE_PALETTES: Record<Scheme, Record<"bg" | "surface" | "surfaceMuted" | "inputBg" | "text" | "textMuted" | "accent" | "onAccent" | "border", string>> = {
  light: {
    bg: "#f6f7f9",
    surface: "#ffffff",
    surfaceMuted: "#eef0f3",
    inputBg: "#ffffff",
    text: "#14171c",
    textMuted: "#4f5764",
    accent: "#b42318",
    onAccent: "#ffffff",
    border: "#dde1e6",
  },
  dark: {
    bg: "#0f1115",
    surface: "#171a20",
    surfaceMuted: "#21252d",
    inputBg: "#0f1115",
    text: "#eceef2",
    textMuted: "#a4acb9",
    accent: "#f2675b",
    onAccent: "#1b0705",
    border: "#2c313a",
  },
};

/** WCAG 2.x AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

const V = {
  bg: THEME_TOKENS.background.variable,
  surface: THEME_TOKENS.surface.variable,
  fg: THEME_TOKENS.foreground.variable,
  muted: THEME_TOKENS.muted.variable,
  accent: THEME_TOKENS.accent.variable,
  onAccent: THEME_TOKENS.onAccent.variable,
} as const;

const LIGHT_DARK_SPLIT = 0.179; // luminance where black and white text contrast equally

const opaqueOn = (value: string | undefined, under: Rgba): Rgba | null => {
  if (value === undefined) return null;
  const c = parseCssColor(value);
  return c ? composite(c, under) : null;
};

/**
 * The colour scheme a theme pins its page to: from its background, else its surface, else the
 * opposite of its text colour; null when it sets none of them (the page follows the site).
 */
export function themeScheme(theme: SanitizedTheme): Scheme | null {
  const white = parseCssColor("#ffffff")!;
  const bg = opaqueOn(theme[V.bg], white) ?? opaqueOn(theme[V.surface], white);
  if (bg) return relativeLuminance(bg) > LIGHT_DARK_SPLIT ? "light" : "dark";
  const fg = opaqueOn(theme[V.fg], white);
  if (fg) return relativeLuminance(fg) > LIGHT_DARK_SPLIT ? "dark" : "light";
  return null;
}

/** The theme with what it implies filled in: an on-accent colour when it sets only an accent. */
export function completeTheme(theme: SanitizedTheme): SanitizedTheme {
  const accentValue = theme[V.accent];
  const accent = accentValue !== undefined ? parseCssColor(accentValue) : null;
  if (!accent || theme[V.onAccent] !== undefined || accent.a < 1) return theme;
  const white = parseCssColor("#ffffff")!;
  const black = parseCssColor("#000000")!;
  return { ...theme, [V.onAccent]: contrastRatio(accent, white) >= contrastRatio(accent, black) ? "#ffffff" : "#000000" };
}

export type PaletteRole = "background" | "surface" | "codeSurface" | "inputSurface" | "foreground" | "muted" | "accent" | "onAccent";

/** The opaque colours a themed page shows when the site is in `siteScheme`; null entries did not parse. */
export function resolveThemePalette(input: SanitizedTheme, siteScheme: Scheme): Record<PaletteRole, Rgba | null> {
  const theme = completeTheme(input);
  const site = SITE_PALETTES[themeScheme(theme) ?? siteScheme];
  const page = parseCssColor(SITE_PALETTES[siteScheme].bg)!;
  const pick = (variable: keyof SanitizedTheme, fallback: string): string => theme[variable] ?? fallback;
  const background = opaqueOn(pick(V.bg, site.bg), page);
  const over = background ?? page;
  const surface = opaqueOn(pick(V.surface, site.surface), over);
  const accent = opaqueOn(pick(V.accent, site.accent), over);
  return {
    background,
    surface,
    codeSurface: opaqueOn(site.surfaceMuted, surface ?? over),
    inputSurface: opaqueOn(site.inputBg, surface ?? over),
    foreground: parseCssColor(pick(V.fg, site.text)),
    muted: parseCssColor(pick(V.muted, site.textMuted)),
    accent,
    onAccent: parseCssColor(pick(V.onAccent, site.onAccent)),
  };
}

/** Every text colour a themed page draws on every surface it draws it on. */
export const TEXT_SURFACE_PAIRS: readonly { text: PaletteRole; surface: PaletteRole; where: string }[] = [
  { text: "foreground", surface: "background", where: "the page background" },
  { text: "muted", surface: "background", where: "the page background" },
  { text: "foreground", surface: "surface", where: "cards and panels (surface)" },
  { text: "muted", surface: "surface", where: "cards and panels (surface)" },
  { text: "foreground", surface: "codeSurface", where: "code blocks and the answer box" },
  { text: "foreground", surface: "inputSurface", where: "the prompt field" },
  { text: "onAccent", surface: "accent", where: "the accent button" },
];

/** The theme token that sets each text colour. */
const TEXT_TOKEN: Partial<Record<PaletteRole, string>> = { foreground: "foreground", muted: "muted", onAccent: "onAccent" };

export interface ContrastFinding {
  text: PaletteRole;
  surface: PaletteRole;
  where: string;
  scheme: Scheme;
  ratio: number;
  textColor: string;
  surfaceColor: string;
}

/** Contrast of every text/surface pair in both site schemes (text with alpha is composited first). */
export function themeContrast(theme: SanitizedTheme): ContrastFinding[] {
  const out: ContrastFinding[] = [];
  for (const scheme of ["light", "dark"] as const) {
    const palette = resolveThemePalette(theme, scheme);
    for (const pair of TEXT_SURFACE_PAIRS) {
      const surface = palette[pair.surface];
      const text = palette[pair.text];
      if (!surface || !text) continue;
      const shown = composite(text, surface);
      out.push({
        ...pair,
        scheme,
        ratio: contrastRatio(shown, surface),
        textColor: toHex(shown),
        surfaceColor: toHex(surface),
      });
    }
  }
  return out;
}

export interface ThemeContrastIssue {
  /** The theme token to change (`foreground`, `surface`…). */
  path: string;
  message: string;
}

const round = (r: number) => Math.floor(r * 100) / 100;

/**
 * What stops a theme from being readable: colours whose contrast cannot be computed, and every
 * text/surface pair below WCAG AA, once per pair (both schemes named when both fail).
 */
export function themeContrastIssues(theme: SanitizedTheme): ThemeContrastIssue[] {
  const issues: ThemeContrastIssue[] = [];
  for (const [token, def] of Object.entries(THEME_TOKENS)) {
    if (def.kind !== "color") continue;
    const value = theme[def.variable];
    if (value !== undefined && parseCssColor(value) === null) {
      issues.push({
        path: token,
        message: `${token}: "${value}" is not a colour whose contrast can be checked; use hex, rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch() or a CSS colour name`,
      });
    }
  }
  if (issues.length > 0) return issues;
  const failing = themeContrast(theme).filter((f) => f.ratio < MIN_TEXT_CONTRAST);
  const byPair = new Map<string, ContrastFinding[]>();
  for (const f of failing) {
    const key = `${f.text}/${f.surface}`;
    byPair.set(key, [...(byPair.get(key) ?? []), f]);
  }
  for (const findings of byPair.values()) {
    const f = findings[0]!;
    const schemes = findings.map((x) => x.scheme).join(" and ");
    const token = TEXT_TOKEN[f.text] ?? f.text;
    issues.push({
      path: token,
      message:
        `${token} text (${f.textColor}) on ${f.where} (${f.surfaceColor}) has a contrast of ${round(f.ratio)}:1 in ${schemes} mode; ` +
        `text needs at least ${MIN_TEXT_CONTRAST}:1 (WCAG AA)`,
    });
  }
  return issues;
}
