// Client-safe. The text folding behind "contains" rules, so that a response matches regardless of
// case, compatibility forms or line endings:
//
// 1. Line endings: \r\n and \r become \n, so a multi-line pattern matches either style.
// 2. NFKC: compatibility forms fold to their plain letters ("ＦＬＡＧ" → "FLAG", "ﬁ" → "fi",
//    "①" → "1"), and composed/decomposed accents compare equal ("é" = "e" + U+0301).
// 3. Case: lower → upper → lower approximates Unicode full case folding with the built-in
//    string methods: "Straße", "STRASSE" and "STRAẞE" all become "strasse"; final sigma "ς"
//    folds to "σ". Locale-specific rules are not applied: Turkish "İ" keeps its dot ("i̇"), so
//    it does not equal "i".
// 4. NFKC again, because case mapping can leave decomposed sequences.
// Whitespace is not collapsed and accents are not stripped: "cafe" does not contain "café".

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
