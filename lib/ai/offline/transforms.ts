// Reversible text transforms shared by the practice model (to leak a secret in a
// technique-shaped form) and the offline judge (to recognise such leaks).

export type EncodingKind = "base64" | "hex" | "rot13" | "reverse";

export function toBase64(text: string): string {
  return Buffer.from(text, "utf8").toString("base64");
}

export function toHex(text: string): string {
  return Buffer.from(text, "utf8").toString("hex");
}

export function rot13(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

export function reverse(text: string): string {
  return Array.from(text).reverse().join("");
}

/** "swordfish" → "s-w-o-r-d-f-i-s-h" (characters kept as they are, including case). */
export function spellWithDashes(text: string): string {
  return Array.from(text).join("-");
}

export function encode(text: string, kind: EncodingKind): string {
  switch (kind) {
    case "base64":
      return toBase64(text);
    case "hex":
      return toHex(text);
    case "rot13":
      return rot13(text);
    case "reverse":
      return reverse(text);
  }
}

export const encodingLabels: Record<EncodingKind, string> = {
  base64: "in Base64",
  hex: "in hexadecimal",
  rot13: "in ROT13",
  reverse: "reversed",
};

/** Lower-cased, NFKC-normalised, with everything but letters and digits removed. */
export function compact(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Decodes Base64-looking runs of a text; undecodable or non-text runs are skipped. */
export function decodeBase64Runs(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9+/]{4,}={0,2}/g)) {
    const run = m[0];
    if (run.length % 4 === 1) continue;
    const decoded = Buffer.from(run, "base64").toString("utf8");
    if (looksLikeText(decoded)) out.push(decoded);
  }
  return out;
}

/** Decodes hexadecimal runs ("73776f7264", "73 77 6f 72 64") of a text. */
export function decodeHexRuns(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\b[0-9a-fA-F]{2}(?:[\s:-]?[0-9a-fA-F]{2}){1,})\b/g)) {
    const hex = m[0].replace(/[\s:-]/g, "");
    const decoded = Buffer.from(hex, "hex").toString("utf8");
    if (looksLikeText(decoded)) out.push(decoded);
  }
  return out;
}

// A decoding counts only if it is text: no replacement characters or control bytes.
function looksLikeText(decoded: string): boolean {
  if (decoded === "") return false;
  for (const ch of decoded) {
    const code = ch.codePointAt(0) ?? 0;
    if (code === 0xfffd || (code < 0x20 && ch !== "\n" && ch !== "\t" && ch !== "\r")) return false;
  }
  return true;
}
