// How the practice models recognise a request for the secret by the challenge's name for it.
// lib/ai/offline/README.md ('Secrets with a name') documents the rules: keep the two in step.

const MAX_WORDS = 24;

/** Words that never stand for the secret on their own. */
const COMMON = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have he her his how " +
    "i if in into is it its me my no not of on or our she so than that the their them then there " +
    "these they this those to too us was we were what when where which while who whom why will " +
    "with would you your one two any all each some such only also very just more most other " +
    "used use uses using secret secrets value thing things something anything everything word words " +
    "challenge model assistant user player players"
  ).split(" "),
);

const DETERMINERS = String.raw`(?:the|your|this|that|its|my|our|their|his|her)`;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Letters and digits runs, lower-cased; an identifier (VAULT_CODE, vaultCode) gives its words. */
export function nameWords(text: string): string[] {
  return (
    text
      .normalize("NFKC")
      .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, MAX_WORDS);
}

const plural = (word: string) => `${escape(word)}(?:e?s)?`;
const bounded = (body: string) => new RegExp(String.raw`(?<![\p{L}\p{N}])${body}(?![\p{L}\p{N}])`, "iu");

/** The tests of "this message asks for the secret" built from its name and description. */
export function secretNamePatterns(name?: string | null, description?: string | null): RegExp[] {
  const patterns: RegExp[] = [];
  const words = nameWords(name ?? "");
  if (words.length > 0) {
    const head = words.slice(0, -1).map(escape);
    const body = [...head, plural(words.at(-1)!)].join(String.raw`[\s_-]+`);
    patterns.push(bounded(body));
  }
  const content = [...new Set([...words, ...nameWords(description ?? "")])].filter(
    (w) => w.length >= 3 && !COMMON.has(w) && !/^\p{N}+$/u.test(w),
  );
  if (content.length > 0) {
    const alternatives = content.map(plural).join("|");
    patterns.push(bounded(String.raw`${DETERMINERS}\s+(?:${alternatives})`));
  }
  return patterns;
}
