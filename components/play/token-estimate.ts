// A cheap, client-side guess of how many model tokens a prompt is, for the live counter on boards
// that rank by fewest tokens. No tokenizer ships to the browser (the page's JavaScript budget): a
// Latin-script token is about four characters, and a character outside ASCII (CJK, emoji, accents
// in many tokenizers) is about one token of its own. The server's count after the answer is the
// real one; the page labels this figure as an estimate.

/** About how many tokens `text` is (0 for an empty or blank text). */
export function estimateTokens(text: string): number {
  if (text.trim() === "") return 0;
  let ascii = 0;
  let other = 0;
  for (const ch of text) {
    if (ch.codePointAt(0)! < 128) ascii += 1;
    else other += 1;
  }
  return Math.max(1, Math.ceil(ascii / 4) + other);
}
