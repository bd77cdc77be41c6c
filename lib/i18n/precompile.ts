import compile from "icu-minify/compile";

/**
 * The catalog with every message compiled ahead of formatting (icu-minify): next.config.ts points
 * use-intl's formatter at its small "format-only" variant, so the ICU parser and intl-messageformat
 * (about 12 KB gzip) never reach the browser. Compiled once per catalog object.
 */
const compiled = new WeakMap<object, object>();

function compileTree(node: unknown): unknown {
  if (typeof node === "string") {
    try {
      // Plain objects and arrays: icu-minify builds plural and select branches on null-prototype
      // objects, which React refuses to pass from a server component to NextIntlClientProvider.
      return JSON.parse(JSON.stringify(compile(node))) as unknown;
    } catch {
      // Not valid ICU (e.g. "openai:<model>" reads as an unclosed tag): such a message could only
      // ever be shown as typed, which is what the format-only formatter does with a plain string.
      return node;
    }
  }
  if (node && typeof node === "object" && !Array.isArray(node)) {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, compileTree(v)]));
  }
  return node;
}

export function precompiledMessages<T extends object>(catalog: T): T {
  let out = compiled.get(catalog);
  if (!out) {
    out = compileTree(catalog) as object;
    compiled.set(catalog, out);
  }
  return out as T;
}
