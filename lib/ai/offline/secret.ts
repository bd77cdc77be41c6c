// How the practice model finds the secret it guards: the first line of the system prompt that
// names it, in one of these forms (case-insensitive):
//
//   The secret password is SWORDFISH        The secret is "blue falcon"
//   The password is SWORDFISH.              SECRET: SWORDFISH
//   Passphrase = open-sesame                - Code word: ORCHID
//
// A quoted value may contain spaces; an unquoted one ends at the first space, and trailing
// punctuation (. , ; : ! ? ) ]) is dropped.

const KEYWORD = String.raw`(?:secret(?:\s+(?:password|passphrase|passcode|word|phrase|key|code|value))?|password|passphrase|passcode|pass\s+code|code\s*word)`;
const QUOTED = String.raw`(["'“‘«\x60])([^"'”’»\x60\n]{1,200})["'”’»\x60]`;
const BARE = String.raw`([^\s"'\x60]{1,200})`;

const SENTENCE = new RegExp(String.raw`\b${KEYWORD}\s+is\s*:?\s*(?:${QUOTED}|${BARE})`, "i");
const LABEL = new RegExp(String.raw`^[\s>*#-]*${KEYWORD}\s*[:=]\s*(?:${QUOTED}|${BARE})`, "i");

function clean(value: string | undefined, quoted: boolean): string | undefined {
  if (value === undefined) return undefined;
  const v = quoted ? value.trim() : value.replace(/[.,;:!?)\]]+$/, "");
  return v === "" ? undefined : v;
}

/** The secret named in a system prompt and the index of the line naming it. */
export function findSecretLine(systemPrompt: string): { value: string; line: number } | undefined {
  const lines = systemPrompt.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    for (const re of [LABEL, SENTENCE]) {
      const m = re.exec(line);
      if (!m) continue;
      const value = m[2] !== undefined ? clean(m[2], true) : clean(m[3], false);
      if (value) return { value, line: index };
    }
  }
  return undefined;
}

/** The secret named in a system prompt, or undefined when it names none. */
export function findSecret(systemPrompt: string): string | undefined {
  return findSecretLine(systemPrompt)?.value;
}
