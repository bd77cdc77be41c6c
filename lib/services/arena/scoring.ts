// Direct SQL: a Prisma version cost 4-12x the CPU per chat send and sync in process (SQLite send 0.12-0.19 -> 1.6 ms).
import "server-only";
import { arenaGameTypes, getArenaGame } from "@/lib/arena/games";
import { GLOBAL_STRATEGY, getScoringStrategy } from "@/lib/arena/scoring";
import { globalAverage } from "@/lib/arena/scoring/global-average";
import { scoredPlayers } from "@/lib/arena/scoring/identity";
import { recomputeScores } from "@/lib/arena/scoring/recompute";
import type { GameResult, ScoringStore, StoredEntry } from "@/lib/arena/types";
import { all, dialect, query, transaction, type Step } from "@/lib/db/sql";
import { endedGames, readInvites, type GameRow, type InviteRow } from "@/lib/services/arena/store";
import { clearScores, scoresOfPlayers, writeScore } from "@/lib/services/arena/store-users";
import { identitiesOf, playersOf } from "@/lib/services/arena/views";

// Scoring a game that ends, inside the transaction that ends it: the scored players' stored rows
// are read, every strategy of the game type updates them, they are written back, and each
// player's global average is recomputed from their per-type rows. `npm run arena:rescore`
// rebuilds every row from the stored results (lib/arena/scoring/recompute.ts).

export function gameResultOf(game: GameRow, invites: InviteRow[]): GameResult {
  const mine = invites.filter((i) => i.gameId === game.id);
  const result: GameResult = {
    gameId: game.id,
    challengeType: game.type,
    createdAt: game.createdAt.getTime(),
    completedAt: (game.completedAt ?? game.lastActivityAt).getTime(),
    scores: game.scores,
    players: playersOf(mine),
    playerIdentities: identitiesOf(mine),
  };
  if (game.attributions.length) result.attributions = game.attributions;
  return result;
}

export const defaultStrategyOf = (type: string): string => getArenaGame(type)?.defaultStrategy ?? "average";
export const strategiesOf = (type: string): readonly string[] => getArenaGame(type)?.strategies ?? [];

type Row = StoredEntry & { gameType: string; strategy: string };
const key = (type: string, strategy: string, player: string) => `${type}\u0000${strategy}\u0000${player}`;

export function* applyScoring(game: GameRow, invites: InviteRow[], now: Date): Step<void> {
  const result = gameResultOf(game, invites);
  const players = scoredPlayers(result);
  if (players.length === 0) return;
  const ids = players.map((p) => p.userId);
  // Two games ending at once may share a player: on PostgreSQL each player's rows are taken under
  // a transaction-scoped advisory lock (in a fixed order, so two enders never deadlock); SQLite
  // runs one write transaction at a time.
  if (dialect() === "postgresql") {
    for (const id of [...new Set(ids)].sort())
      yield* all("SELECT pg_advisory_xact_lock(hashtext($1)) AS locked", `arena-score:${id}`);
  }
  const rows = new Map<string, Row>();
  for (const r of yield* scoresOfPlayers(ids)) rows.set(key(r.gameType, r.strategy, r.playerId), r);
  const changed = new Set<string>();
  for (const name of strategiesOf(game.type)) {
    const strategy = getScoringStrategy(name);
    const store: ScoringStore = {
      get: (playerId) => rows.get(key(game.type, name, playerId)),
      set: (entry) => {
        const k = key(game.type, name, entry.playerId);
        rows.set(k, { ...entry, gameType: game.type, strategy: name });
        changed.add(k);
      },
    };
    strategy.update(result, store);
  }
  for (const k of changed) {
    const r = rows.get(k)!;
    yield* writeScore(r.gameType, r.strategy, r, now);
  }
  // The global average of each scored player, from its per-type default-strategy rows.
  const types = new Set(arenaGameTypes());
  for (const playerId of ids) {
    const perType = [...rows.values()]
      .filter(
        (r) =>
          r.playerId === playerId && types.has(r.gameType) && r.strategy === defaultStrategyOf(r.gameType),
      )
      .map((r) => ({ gameType: r.gameType, entry: r }));
    const global = globalAverage.compute(perType, defaultStrategyOf);
    if (!global) continue;
    yield* writeScore("", GLOBAL_STRATEGY, { ...global, playerId, state: {} }, now);
  }
}

/**
 * Rebuilds every stored score from the ended games (`npm run arena:rescore`): the strategies run
 * over all results in completion order, and the rows are replaced in one transaction.
 */
export async function rebuildScores(): Promise<{ games: number; rows: number }> {
  const results: GameResult[] = [];
  for (let offset = 0; ; offset += 1_000) {
    const page = await query(() => endedGames(offset, 1_000));
    const invites = await query(() => readInvites(page.map((g) => g.id)));
    for (const g of page) results.push(gameResultOf(g, invites));
    if (page.length < 1_000) break;
  }
  const figures = recomputeScores(results, strategiesOf, defaultStrategyOf);
  let rows = 0;
  const now = new Date();
  await transaction(function* () {
    yield* clearScores();
    for (const [type, byStrategy] of figures.perType) {
      for (const [strategy, entries] of byStrategy) {
        for (const e of entries) {
          yield* writeScore(type, strategy, e, now);
          rows++;
        }
      }
    }
    for (const e of figures.global) {
      yield* writeScore("", GLOBAL_STRATEGY, { ...e, state: {} }, now);
      rows++;
    }
  });
  return { games: results.length, rows };
}
