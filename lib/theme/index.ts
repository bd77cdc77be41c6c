import type { CSSProperties } from "react";

// Challenge and collection themes: author-provided JSON turned into a few CSS custom properties.
// Only the whitelisted variables below ever reach a style attribute, and each value must match its
// kind (color, length, font family, image). Anything else is dropped, so a theme can recolour a
// page but never inject CSS, load a third-party resource or run script. Client-safe (no server
// imports): the console preview and the player pages share it.

export type ThemeValueKind = "color" | "length" | "font" | "image";

/** Whitelisted variables: token name (as authors write it) → CSS custom property and value kind. */
export const THEME_TOKENS = {
  background: { variable: "--challenge-bg", kind: "color" },
  surface: { variable: "--challenge-surface", kind: "color" },
  foreground: { variable: "--challenge-fg", kind: "color" },
  muted: { variable: "--challenge-muted", kind: "color" },
  accent: { variable: "--challenge-accent", kind: "color" },
  onAccent: { variable: "--challenge-on-accent", kind: "color" },
  border: { variable: "--challenge-border", kind: "color" },
  font: { variable: "--challenge-font", kind: "font" },
  headingFont: { variable: "--challenge-heading-font", kind: "font" },
  radius: { variable: "--challenge-radius", kind: "length" },
  backgroundImage: { variable: "--challenge-bg-image", kind: "image" },
} as const satisfies Record<string, { variable: `--challenge-${string}`; kind: ThemeValueKind }>;

export type ThemeToken = keyof typeof THEME_TOKENS;
export type ThemeVariable = (typeof THEME_TOKENS)[ThemeToken]["variable"];
export type SanitizedTheme = Partial<Record<ThemeVariable, string>>;

const byVariable = new Map<string, { token: ThemeToken; kind: ThemeValueKind; variable: ThemeVariable }>(
  (Object.entries(THEME_TOKENS) as [ThemeToken, (typeof THEME_TOKENS)[ThemeToken]][]).map(([token, t]) => [
    t.variable,
    { token, kind: t.kind, variable: t.variable },
  ]),
);

const MAX_VALUE_LENGTH = 200;

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUM = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:%|deg|turn|rad)?`;
const FUNC_COLOR = new RegExp(
  String.raw`^(?:rgb|rgba|hsl|hsla|hwb|lab|lch|oklab|oklch)\(\s*${NUM}(?:\s*[,/]?\s*${NUM}){1,3}\s*\)$`,
  "i",
);
// Named colors and keywords such as `transparent` or `currentcolor`: letters only, so nothing can
// break out of the declaration.
const NAMED_COLOR = /^[a-z]{3,30}$/i;
const LENGTH = /^(?:0|(?:\d{1,4}(?:\.\d{1,3})?)(?:px|rem|em|%))$/;
const FONT_NAME = /^(?:"[A-Za-z0-9 -]{1,60}"|'[A-Za-z0-9 -]{1,60}'|[A-Za-z][A-Za-z0-9 -]{0,59})$/;

/**
 * An asset served by this app with a signature: `/assets/<id>?exp=…&sig=…` (same origin, signed
 * by the asset service). Nothing else may be loaded by a theme.
 */
export function isSignedAssetUrl(value: string): boolean {
  return /^\/assets\/[A-Za-z0-9_-]{1,64}\?(?:[A-Za-z0-9_.~-]+=[A-Za-z0-9_.~%-]*&)*sig=[A-Za-z0-9_-]{8,}(?:&[A-Za-z0-9_.~-]+=[A-Za-z0-9_.~%-]*)*$/.test(
    value,
  );
}

function validColor(v: string): boolean {
  return HEX.test(v) || FUNC_COLOR.test(v) || NAMED_COLOR.test(v);
}

function validFont(v: string): boolean {
  const parts = v.split(",").map((p) => p.trim());
  return parts.length > 0 && parts.length <= 8 && parts.every((p) => FONT_NAME.test(p));
}

/** The CSS value to use for a raw theme value of the given kind, or null when it is not allowed. */
export function sanitizeThemeValue(kind: ThemeValueKind, raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const v = raw.trim();
  if (v.length === 0 || v.length > MAX_VALUE_LENGTH) return null;
  switch (kind) {
    case "color":
      return validColor(v) ? v : null;
    case "length":
      return LENGTH.test(v) ? v : null;
    case "font":
      return validFont(v) ? v : null;
    case "image": {
      const inner = /^url\(\s*(["']?)(.*)\1\s*\)$/i.exec(v)?.[2] ?? v;
      return isSignedAssetUrl(inner) ? `url("${inner}")` : null;
    }
  }
}

function variableFor(key: string) {
  if (key.startsWith("--")) return byVariable.get(key);
  const t = (THEME_TOKENS as Record<string, { variable: ThemeVariable; kind: ThemeValueKind } | undefined>)[key];
  return t ? { token: key as ThemeToken, kind: t.kind, variable: t.variable } : undefined;
}

/**
 * Whitelisted variables with valid values from an author's theme JSON. Accepts an object keyed by
 * token names (`accent`) or variable names (`--challenge-accent`), optionally nested under
 * `colors` / `tokens`; everything unknown or invalid is dropped.
 */
export function sanitizeTheme(theme: unknown): SanitizedTheme {
  const out: SanitizedTheme = {};
  if (!theme || typeof theme !== "object" || Array.isArray(theme)) return out;
  const sources = [theme, (theme as Record<string, unknown>).colors, (theme as Record<string, unknown>).tokens];
  for (const source of sources) {
    if (!source || typeof source !== "object" || Array.isArray(source)) continue;
    for (const [key, raw] of Object.entries(source as Record<string, unknown>)) {
      const target = variableFor(key);
      if (!target) continue;
      const value = sanitizeThemeValue(target.kind, raw);
      if (value !== null) out[target.variable] = value;
    }
  }
  return out;
}

/** The sanitized theme as a React style object (custom properties only). */
export function themeToStyle(theme: unknown): CSSProperties {
  return sanitizeTheme(theme) as CSSProperties;
}
