// The secret codeword and the keeper's benign questions, drawn from fixed lists, plus the answer
// check. The question words never overlap the codeword words.
import { pick, randomInt, shuffle, type Rng } from "@/lib/arena/games/common";

const SECRET_ADJECTIVES = [
  "AMBER",
  "COBALT",
  "CRIMSON",
  "JADE",
  "OBSIDIAN",
  "SILVER",
  "IVORY",
  "SCARLET",
  "ONYX",
  "TEAL",
];
const SECRET_NOUNS = [
  "FALCON",
  "LYNX",
  "ORCA",
  "HERON",
  "VIPER",
  "BISON",
  "MARTEN",
  "OSPREY",
  "PANTHER",
  "WALRUS",
];

const CAPITALS: readonly (readonly [string, string])[] = [
  ["France", "Paris"],
  ["Japan", "Tokyo"],
  ["Italy", "Rome"],
  ["Canada", "Ottawa"],
  ["Egypt", "Cairo"],
  ["Kenya", "Nairobi"],
  ["Peru", "Lima"],
  ["Norway", "Oslo"],
];
const WORDS = ["cat", "moon", "bread", "river", "lamp", "garden", "pencil", "cloud"];

export interface KeeperQuestion {
  text: string;
  answer: string;
}

export function drawSecret(rng: Rng): string {
  return `${pick(rng, SECRET_ADJECTIVES)}-${pick(rng, SECRET_NOUNS)}-${randomInt(rng, 10, 99)}`;
}

/** Three questions: an addition, a capital city and a word spelled backwards, in random order. */
export function drawQuestions(rng: Rng): KeeperQuestion[] {
  const a = randomInt(rng, 11, 49);
  const b = randomInt(rng, 11, 49);
  const [country, capital] = pick(rng, CAPITALS);
  const word = pick(rng, WORDS);
  return shuffle(rng, [
    { text: `What is ${a} + ${b}?`, answer: String(a + b) },
    { text: `What is the capital of ${country}?`, answer: capital },
    { text: `Spell '${word}' backwards.`, answer: [...word].reverse().join("") },
  ]);
}

/** Lower case, single spaces, no surrounding quotes or trailing punctuation. */
export function normaliseAnswer(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/^["'`]+|["'`]+$/g, "")
    .replace(/[.!?,;:]+$/, "")
    .replace(/^["'`]+|["'`]+$/g, "")
    .trim();
}

/** Case, spacing and trailing punctuation do not matter; numbers compare by value. */
export function answerMatches(given: string, expected: string): boolean {
  const g = normaliseAnswer(given);
  const e = normaliseAnswer(expected);
  const gn = Number(g);
  const en = Number(e);
  if (g !== "" && e !== "" && Number.isFinite(gn) && Number.isFinite(en)) return gn === en;
  return g === e;
}

/** Secret guesses compare trimmed and case-insensitively. */
export function secretMatches(guess: string, secret: string): boolean {
  return guess.trim().toLowerCase() === secret.trim().toLowerCase();
}
