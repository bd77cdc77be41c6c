// A linear pre-scan of untrusted Markdown before the parser sees it. The CommonMark parser's
// delimiter, link and nesting handling is superlinear: 6,000 `*a_` took seconds to render and
// 20,000 `>` overflowed the stack. Text past these bounds is shown as plain text instead.

/** Emphasis and strikethrough delimiter characters (`*`, `_`, `~`) a text may have. */
export const MAX_MARKDOWN_DELIMITERS = 400;
/** Link and image brackets (`[`, `]`) a text may have. */
export const MAX_MARKDOWN_BRACKETS = 400;
/** Container markers (`>`, list bullets and numbers) one line may open. */
export const MAX_MARKDOWN_NESTING = 16;
/** Lines indented as list continuations (nested lists re-parse their items). */
export const MAX_MARKDOWN_LIST_LINES = 300;

export function markdownTooComplex(text: string): boolean {
  let delimiters = 0;
  let brackets = 0;
  let listLines = 0;
  let lineStart = true;
  let nesting = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") {
      lineStart = true;
      nesting = 0;
      continue;
    }
    if (lineStart) {
      // Leading markers of one line: spaces, `>`, `-`, `+`, `*`, `1.` and `1)`.
      if (c === " " || c === "\t") continue;
      if (
        c === ">" ||
        ((c === "-" || c === "+" || c === "*") && (text[i + 1] === " " || text[i + 1] === "\t"))
      ) {
        if (c !== ">" && ++listLines > MAX_MARKDOWN_LIST_LINES) return true;
        if (++nesting > MAX_MARKDOWN_NESTING) return true;
        continue; // a bullet `*` is not emphasis
      }
      lineStart = false;
    }
    if (c === "*" || c === "_" || c === "~") {
      if (++delimiters > MAX_MARKDOWN_DELIMITERS) return true;
    } else if (c === "[" || c === "]") {
      if (++brackets > MAX_MARKDOWN_BRACKETS) return true;
    }
  }
  return false;
}
