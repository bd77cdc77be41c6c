// How the practice model finds the secret it guards: the first system-prompt line that names it
// (lib/ai/offline/README.md, 'The secret convention').

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

// What the challenge calls the secret: up to two labelled lines after the secret line
// (lib/ai/offline/README.md, 'Secrets with a name'); anything else stops the reading.

export const SECRET_NAME_LABEL = "Name of the secret:";
export const SECRET_ABOUT_LABEL = "About the secret:";

export interface SecretContext {
  value: string;
  /** The secret's name in the challenge's words ("vault code"), when given. */
  name?: string;
  /** A short description of the secret, when given. */
  description?: string;
  /** Indexes of the lines that name and describe the secret (the secret line first). */
  lines: number[];
}

const labelled = (line: string, label: string): string | undefined =>
  line.trimStart().toLowerCase().startsWith(label.toLowerCase())
    ? line.trimStart().slice(label.length).trim() || undefined
    : undefined;

/** The secret of a system prompt with what the challenge calls it and says about it. */
export function readSecretContext(systemPrompt: string): SecretContext | undefined {
  const found = findSecretLine(systemPrompt);
  if (!found) return undefined;
  const lines = systemPrompt.split(/\r?\n/);
  const ctx: SecretContext = { value: found.value, lines: [found.line] };
  for (let i = found.line + 1; i < lines.length && i <= found.line + 2; i++) {
    const line = lines[i] ?? "";
    const name = ctx.name === undefined ? labelled(line, SECRET_NAME_LABEL) : undefined;
    const about = ctx.description === undefined ? labelled(line, SECRET_ABOUT_LABEL) : undefined;
    if (name !== undefined) ctx.name = name;
    else if (about !== undefined) ctx.description = about;
    else break;
    ctx.lines.push(i);
  }
  return ctx;
}
