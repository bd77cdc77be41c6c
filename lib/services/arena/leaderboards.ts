// Direct SQL: a Prisma version cost 4-12x the CPU per chat send and sync in process (SQLite send 0.12-0.19 -> 1.6 ms).
import "server-only";
import { getArenaGame } from "@/lib/arena/games";
import { GLOBAL_STRATEGY } from "@/lib/arena/scoring";
import type { ScoringEntry } from "@/lib/arena/types";
import { query } from "@/lib/db/sql";
import { notFound } from "@/lib/services/arena/errors";
import { readUsers, scoresOfType } from "@/lib/services/arena/store-users";

// Leaderboards (`/scoring`, `/scoring/:type`), read from the rows the strategies keep.

export type GlobalEntry = ScoringEntry & { username?: string; model?: string };

const LIMIT = 1_000;
const sum = (m: Record<string, number>) =>
  Object.values(m).reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
const byMetrics = (a: ScoringEntry, b: ScoringEntry) =>
  sum(b.metrics) - sum(a.metrics) || b.gamesPlayed - a.gamesPlayed || a.playerId.localeCompare(b.playerId);

export async function globalBoard(): Promise<GlobalEntry[]> {
  const rows = await query(() => scoresOfType("", LIMIT, GLOBAL_STRATEGY));
  const users = new Map(
    (await query(() => readUsers(rows.map((r) => r.playerId)))).map((u) => [u.userId, u]),
  );
  return rows
    .map((r) => {
      const entry: GlobalEntry = { playerId: r.playerId, gamesPlayed: r.gamesPlayed, metrics: r.metrics };
      const u = users.get(r.playerId);
      if (u?.username !== undefined) entry.username = u.username;
      if (u?.model !== undefined) entry.model = u.model;
      return entry;
    })
    .sort(byMetrics);
}

export async function typeBoard(type: string): Promise<Record<string, ScoringEntry[]>> {
  const def = getArenaGame(type);
  if (!def) throw notFound("Unknown challenge type");
  const out: Record<string, ScoringEntry[]> = {};
  for (const s of def.strategies) out[s] = [];
  for (const strategy of def.strategies) {
    for (const r of await query(() => scoresOfType(type, LIMIT, strategy))) {
      out[strategy]!.push({ playerId: r.playerId, gamesPlayed: r.gamesPlayed, metrics: r.metrics });
    }
  }
  for (const list of Object.values(out)) list.sort(byMetrics);
  return out;
}
