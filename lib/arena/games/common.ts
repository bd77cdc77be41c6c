// Helpers shared by the arena games: seeded draws, refusals and the end-of-game messages.
// Pure: every random draw goes through the context's rng.
import {
  SECURITY_BREACH,
  type Attribution,
  type GameEnd,
  type GameStep,
  type OperatorMessage,
  type Score,
} from "@/lib/arena/types";

export type Rng = () => number;

/** A whole number in [min, max], both included. */
export function randomInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** One element of a non-empty list. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[randomInt(rng, 0, items.length - 1)];
  if (item === undefined) throw new Error("pick: empty list");
  return item;
}

/** A shuffled copy (Fisher–Yates). */
export function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(rng, 0, i);
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}

/** `count` distinct whole numbers in [min, max], in draw order. */
export function distinctInts(rng: Rng, min: number, max: number, count: number): number[] {
  if (count > max - min + 1) throw new Error("distinctInts: range too small");
  const seen = new Set<number>();
  const out: number[] = [];
  while (out.length < count) {
    const n = randomInt(rng, min, max);
    if (!seen.has(n)) {
      seen.add(n);
      out.push(n);
    }
  }
  return out;
}

/** A refused action: the service answers 400 `{error: message, code}` and keeps the state. */
export function refuse<S>(state: S, code: string, message: string): GameStep<S> {
  return { state, messages: [], error: { code, message } };
}

/** Replace one entry of a list, returning a new list. */
export function replaceAt<T>(items: readonly T[], index: number, value: T): T[] {
  return items.map((item, i) => (i === index ? value : item));
}

export function scoresText(players: readonly string[], scores: readonly Score[]): string {
  const lines = scores.map(
    (s, i) => `${players[i] ?? `seat ${i}`}: security ${s.security}, utility ${formatNumber(s.utility)}`,
  );
  return `Final scores — ${lines.join("; ")}.`;
}

export function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

/** The broadcasts that close every game: `Game ended.`, then the scores, then any reveal. */
export function endMessages(
  players: readonly string[],
  scores: readonly Score[],
  reveal?: string,
): OperatorMessage[] {
  const messages: OperatorMessage[] = [{ content: "Game ended." }, { content: scoresText(players, scores) }];
  if (reveal) messages.push({ content: reveal });
  return messages;
}

/** After a guess: the game goes on until every seat has guessed, then ends with the scores and reveal. */
export function endWhenAllGuessed<S extends { guesses: readonly unknown[] }>(
  next: S,
  players: readonly string[],
  messages: OperatorMessage[],
  finalScores: (state: S) => GameEnd,
  reveal: (state: S, players: readonly string[]) => string,
): GameStep<S> {
  if (next.guesses.some((g) => g === null)) return { state: next, messages };
  const end = finalScores(next);
  return { state: next, messages: [...messages, ...endMessages(players, end.scores, reveal(next, players))], end };
}

export function breach(from: number, to: number): Attribution {
  return { from, to, type: SECURITY_BREACH };
}

/** Every whole number written in a text, in order (`/\d+/g`, as the reference parses guesses). */
export function numbersIn(text: string): number[] {
  return (text.match(/\d+/g) ?? []).map(Number);
}

export const ARENA_STRATEGIES = ["average", "win-rate", "red-team", "consecutive"] as const;
