// Client-safe. The text folding behind "contains" rules: line endings, NFKC, case; whitespace and
// accents are kept (lib/evaluation/README.md, 'Text folding').

/** Folds text for a case-insensitive, Unicode-normalised substring test. */
export function foldForContains(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .normalize("NFKC")
    .toLowerCase()
    .toUpperCase()
    .toLowerCase()
    .replaceAll("ς", "σ")
    .normalize("NFKC");
}

/** True when needle appears in haystack after both are folded with foldForContains. */
export function containsFolded(haystack: string, needle: string): boolean {
  return foldForContains(haystack).includes(foldForContains(needle));
}
