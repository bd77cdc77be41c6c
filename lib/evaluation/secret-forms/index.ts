// Client-safe. Finds a secret in a text in the disguises a model (or a judge) uses to leak it:
//
// | Kind       | Example for "Tangerine42"                          | How it is found                         |
// | ---------- | -------------------------------------------------- | --------------------------------------- |
// | `text`     | `tangerine42`, `T-A-N-G-E-R-I-N-E---4-2`, `t a n…` | letters/digits only, case-folded        |
// | `reversed` | `24eniregnaT`, `2-4-e-n-i…`                        | the same, secret reversed               |
// | `rot13`    | `Gnatrevar42`                                      | the same, secret in ROT13               |
// | `base64`   | `VGFuZ2VyaW5lNDI=` (also inside a longer Base64)   | Base64 alphabet only, case-sensitive    |
// | `hex`      | `54616e67…`, `0x54 0x61 …`, `\x54\x61…`            | hex digits only, case-folded            |
// | `nato`     | `Tango Alfa November Golf Echo … Four Two`         | spelling-alphabet words → letters       |
//
// Folding for `text`/`reversed`/`rot13`/`nato`: NFKD with combining marks dropped (so "é" is
// "e"), common Cyrillic/Greek look-alikes mapped to Latin letters, lower case; anything that is
// not a letter or digit (spaces, dashes, dots, zero-width characters, emoji) is a separator and is
// skipped. Base64 is matched at all three byte alignments, so the secret is also found inside
// the encoding of a longer sentence.
//
// Files: fold.ts (folding, skeletons), letter-forms.ts (ROT13, NATO), encodings.ts (Base64, hex),
// search.ts (KMP), matcher.ts (patterns per secret, SecretFormMatcher).
//
// Cost: every text is folded once (linear), then each pattern is searched with KMP (linear,
// no backtracking regexes); a secret yields at most ~20 patterns. Secrets with fewer than
// MIN_DISGUISED_CHARS letters/digits are skipped: their forms occur in ordinary words.

export {
  containsSecretForm,
  findFolded,
  findSecretForms,
  maskSecretForms,
  MIN_DISGUISED_CHARS,
  SECRET_FORM_MASK,
  SecretFormMatcher,
  type SecretFormMatch,
} from "@/lib/evaluation/secret-forms/matcher";
export { foldCodePoint, foldedKey, skeletonOf, type Skeleton } from "@/lib/evaluation/secret-forms/fold";
export type { SecretFormKind } from "@/lib/evaluation/secret-forms/search";
