import { themeContrastIssues } from "./contrast";
import { isSignedAssetUrl, sanitizeThemeValue, THEME_TOKENS, type SanitizedTheme, type ThemeValueKind } from "@/lib/theme";

// Strict theme validation for saving (console forms and API): where sanitizeTheme() silently drops
// what it does not allow (right for rendering), a save must refuse it and say why, so a creator
// never stores a theme that renders differently from what they wrote. Client-safe.

export interface ThemeIssue {
  /** The key as the author wrote it (`accent`, `--challenge-accent`, `colors.accent`). */
  path: string;
  message: string;
}

export type ThemeValidation = { ok: true; theme: SanitizedTheme } | { ok: false; issues: ThemeIssue[] };

export interface ValidateThemeOptions {
  /**
   * Server-side check of an image URL beyond its shape (signature, expiry, workspace). The
   * console preview leaves it out; the services pass the asset service's verifier.
   */
  verifyAssetUrl?: (url: string) => boolean;
}

const MAX_KEYS = 40;
const NESTED = new Set(["colors", "tokens"]);

const KIND_HINT: Record<ThemeValueKind, string> = {
  color: "a color such as #0b1020, rgb(…), hsl(…) or a color name",
  length: "a length such as 8px, 0.5rem or 50%",
  font: "font family names separated by commas",
  image: "url(…) of an uploaded asset (a signed /assets/… URL of this app)",
};

const byVariable = new Map<string, ThemeValueKind>(Object.values(THEME_TOKENS).map((t) => [t.variable, t.kind]));
const allowedNames = Object.keys(THEME_TOKENS).join(", ");

function targetOf(key: string): { variable: keyof SanitizedTheme; kind: ThemeValueKind } | undefined {
  if (key.startsWith("--")) {
    const kind = byVariable.get(key);
    return kind ? { variable: key as keyof SanitizedTheme, kind } : undefined;
  }
  const token = (THEME_TOKENS as Record<string, { variable: keyof SanitizedTheme; kind: ThemeValueKind } | undefined>)[key];
  return token ? { variable: token.variable, kind: token.kind } : undefined;
}

function imageUrlOf(value: string): string | null {
  const v = value.trim();
  return /^url\(\s*(["']?)(.*)\1\s*\)$/i.exec(v)?.[2] ?? (v.startsWith("/") ? v : null);
}

/**
 * Validates an author's theme: every key must be a whitelisted token (`accent`) or variable
 * (`--challenge-accent`), optionally nested under `colors` / `tokens`, and every value must be of
 * its kind; url() values must be signed asset URLs of this app; and its text must stay readable:
 * 4.5:1 (WCAG AA) on every surface in light and dark mode (lib/theme/contrast.ts). Returns the normalized theme
 * (variable → CSS value), the same shape sanitizeTheme() renders, or every problem found.
 */
export function validateTheme(input: unknown, opts: ValidateThemeOptions = {}): ThemeValidation {
  if (input === null || input === undefined) return { ok: true, theme: {} };
  if (typeof input !== "object" || Array.isArray(input)) {
    return { ok: false, issues: [{ path: "", message: "theme must be an object of CSS variables" }] };
  }
  // Counted before any per-key work: a theme of thousands of keys gets one issue, not thousands.
  const source = input as Record<string, unknown>;
  let keys = 0;
  for (const key in source) {
    const nested = source[key];
    keys += NESTED.has(key) && nested && typeof nested === "object" && !Array.isArray(nested) ? Object.keys(nested).length : 1;
    if (keys > MAX_KEYS) return { ok: false, issues: [{ path: "", message: `A theme has at most ${MAX_KEYS} properties` }] };
  }
  const issues: ThemeIssue[] = [];
  const theme: SanitizedTheme = {};
  let count = 0;
  const visit = (source: Record<string, unknown>, prefix: string) => {
    for (const [key, raw] of Object.entries(source)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (!prefix && NESTED.has(key) && raw && typeof raw === "object" && !Array.isArray(raw)) {
        visit(raw as Record<string, unknown>, key);
        continue;
      }
      count++;
      const target = targetOf(key);
      if (!target) {
        issues.push({ path, message: `"${key}" is not a theme property; use one of ${allowedNames}` });
        continue;
      }
      if (typeof raw === "string" && /url\s*\(/i.test(raw) && target.kind !== "image") {
        issues.push({ path, message: `url() is only allowed in image properties (${key} takes ${KIND_HINT[target.kind]})` });
        continue;
      }
      const value = sanitizeThemeValue(target.kind, raw);
      if (value === null) {
        const url = typeof raw === "string" && target.kind === "image" ? imageUrlOf(raw) : null;
        issues.push({
          path,
          message:
            target.kind === "image" && url !== null && !isSignedAssetUrl(url)
              ? `${key}: only uploaded assets of this app (signed /assets/… URLs) may be used in url()`
              : `${key} must be ${KIND_HINT[target.kind]}`,
        });
        continue;
      }
      if (target.kind === "image" && opts.verifyAssetUrl) {
        const url = imageUrlOf(value);
        if (!url || !opts.verifyAssetUrl(url)) {
          issues.push({ path, message: `${key}: the asset URL's signature is invalid or expired, or the asset is not in this workspace` });
          continue;
        }
      }
      theme[target.variable] = value;
    }
  };
  visit(input as Record<string, unknown>, "");
  if (count > MAX_KEYS) issues.push({ path: "", message: `A theme has at most ${MAX_KEYS} properties` });
  // Readability: every text colour on every surface, in light and dark mode, at WCAG AA or better.
  if (issues.length === 0) issues.push(...themeContrastIssues(theme));
  return issues.length > 0 ? { ok: false, issues } : { ok: true, theme };
}
