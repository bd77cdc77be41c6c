// Deterministic helpers for the arena game tests: a seeded rng, deep-freeze, and a tiny driver
// that plays a game the way the service does (create, join every seat, start, act).
import type { ArenaGame, GameContext, GameStep, OperatorMessage } from "@/lib/arena/types";

import { seededRng } from "@/tests/helpers/seeded-rng";

export { seededRng };

export function ctx(seed = 1): GameContext {
  return { rng: seededRng(seed), now: Date.UTC(2026, 0, 1) };
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export interface Table<S> {
  game: ArenaGame<S>;
  state: S;
  players: string[];
  messages: OperatorMessage[];
  context: GameContext;
}

/** A new game with every seat joined and started; every state handed to the game is frozen. */
export function seat<S>(game: ArenaGame<S>, seed = 1): Table<S> {
  const context = ctx(seed);
  let state = game.create(context);
  const players = Array.from({ length: game.metadata.players }, (_, i) => `inv_p${i}`);
  const messages: OperatorMessage[] = [];
  players.forEach((invite, position) => {
    const step = game.join(deepFreeze(state), { invite, position }, context);
    state = step.state;
    messages.push(...step.messages);
  });
  const started = game.start(deepFreeze(state), players, context);
  messages.push(...started.messages);
  return { game, state: started.state, players, messages, context };
}

/** One action on a frozen copy of the table's state; the table advances unless refused. */
export function play<S>(table: Table<S>, position: number, method: string, content = ""): GameStep<S> {
  const before = JSON.stringify(table.state);
  const invite = table.players[position] as string;
  const step = table.game.act(
    deepFreeze(table.state),
    { invite, position, method, content },
    table.players,
    table.context,
  );
  if (JSON.stringify(table.state) !== before) throw new Error("act mutated its input state");
  if (!step.error) {
    table.state = step.state;
    table.messages.push(...step.messages);
  }
  return step;
}

export function dmsTo(messages: OperatorMessage[], invite: string): string[] {
  return messages.filter((m) => m.to === invite).map((m) => m.content);
}

export function broadcasts(messages: OperatorMessage[]): string[] {
  return messages.filter((m) => m.to === undefined).map((m) => m.content);
}

/** Does a JSON text contain this number as a whole token? */
export function jsonHasNumber(json: string, n: number): boolean {
  return new RegExp(`(^|[^0-9])${n}([^0-9]|$)`).test(json);
}
