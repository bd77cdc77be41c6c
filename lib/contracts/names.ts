import { z } from "zod";

// Names people choose and others see (player display names, account names at registration,
// workspace names). Client-safe. They are shown on leaderboards and profiles, so anything that
// is invisible or changes how surrounding text renders is refused: control characters (NUL,
// BEL, …), format characters (bidi overrides and isolates such as U+202E, zero-width spaces and
// joiners, BOM, soft hyphen, tag characters), private-use characters, line/paragraph
// separators, whitespace other than the plain space, and invisible "filler" letters.
// Text is NFC-normalised first so look-alike encodings of one name compare equal.

const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}]|[^\S ]|[\u115F\u1160\u3164\uFFA0\u2800]/u;

/** Whether a name contains only characters people can see (and plain spaces). */
export function isVisibleNameText(value: string): boolean {
  return !FORBIDDEN.test(value);
}

const FORBIDDEN_MESSAGE = "Use visible characters only (no control, zero-width or text-direction characters)";

/** Trims, NFC-normalises and refuses invisible or direction-changing characters. */
export function visibleName(opts: { label: string; min?: number; max: number; minMessage?: string }) {
  const { label, min = 1, max } = opts;
  return z
    .string({ error: `${label} is required` })
    .normalize("NFC")
    .trim()
    .min(min, opts.minMessage ?? `${label} is required`)
    .max(max, `${label} is too long (${max} characters at most)`)
    .refine(isVisibleNameText, FORBIDDEN_MESSAGE);
}

/**
 * The one schema for a player's display name: registration (API and form) and profile settings.
 * Registration also stores it as the account name.
 */
export const displayNameSchema = visibleName({ label: "Display name", max: 40 });
