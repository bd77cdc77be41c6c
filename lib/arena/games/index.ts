// The registry of arena games: one line per game. lib/arena/games/README.md explains how to add one.
import type { ArenaGame } from "@/lib/arena/types";
import { diningCryptographers } from "./dining-cryptographers";
import { millionaire } from "./millionaire";
import { psi } from "./psi";
import { secretKeeper } from "./secret-keeper";
import { ultimatum } from "./ultimatum";

// Each game has its own state type; the registry erases it (the service stores states as JSON).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyArenaGame = ArenaGame<any>;

// prettier-ignore
const games: AnyArenaGame[] = [
  psi,
  ultimatum,
  millionaire,
  diningCryptographers,
  secretKeeper,
];

export const arenaGames: Record<string, AnyArenaGame> = Object.fromEntries(
  games.map((game) => [game.type, game]),
);

export function getArenaGame(type: string): ArenaGame | undefined {
  return Object.hasOwn(arenaGames, type) ? arenaGames[type] : undefined;
}

export function arenaGameTypes(): string[] {
  return games.map((game) => game.type);
}
