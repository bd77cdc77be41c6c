// Client-safe locale settings. Adding a language: add its code here, a messages/<code>/ catalog and its loader in request.ts.
export const locales = ["en"] as const;
export type AppLocale = (typeof locales)[number];
export const defaultLocale: AppLocale = "en";
export const localeCookieName = "locale";

export function isSupportedLocale(value: string | undefined | null): value is AppLocale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

type WeightedTag = { tag: string; q: number; order: number };

function parseAcceptLanguage(header: string): WeightedTag[] {
  const tags: WeightedTag[] = [];
  header.split(",").forEach((part, order) => {
    const [rawTag, ...params] = part.trim().split(";");
    const tag = rawTag?.trim().toLowerCase();
    if (!tag) return;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key?.trim() === "q" && value !== undefined) {
        const parsed = Number.parseFloat(value);
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    if (q > 0) tags.push({ tag, q, order });
  });
  return tags.sort((a, b) => b.q - a.q || a.order - b.order);
}

function matchTag(tag: string): AppLocale | undefined {
  if (tag === "*") return defaultLocale;
  const exact = locales.find((locale) => locale.toLowerCase() === tag);
  if (exact) return exact;
  // "de-AT" falls back to "de"; "en" also matches a supported "en-GB" if only regional ones exist.
  const base = tag.split("-")[0];
  return (
    locales.find((locale) => locale.toLowerCase() === base) ??
    locales.find((locale) => locale.toLowerCase().split("-")[0] === base)
  );
}

/** Cookie first (an explicit choice), then the browser's preferences, then the default. */
export function resolveLocale(
  cookieValue: string | undefined,
  acceptLanguage: string | null | undefined,
): AppLocale {
  if (isSupportedLocale(cookieValue)) return cookieValue;
  if (acceptLanguage) {
    for (const { tag } of parseAcceptLanguage(acceptLanguage)) {
      const match = matchTag(tag);
      if (match) return match;
    }
  }
  return defaultLocale;
}
