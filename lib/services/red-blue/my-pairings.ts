// Direct SQL: Prisma measured 2-5x slower on tests/bench/red-blue.ts (SQL 55.6 vs 11.3 pairings/s on SQLite, 26.0 vs 8.3 on PostgreSQL).
import "server-only";
import type { PlayerPairingView } from "@/lib/contracts/red-blue";
import { query } from "@/lib/db/sql";
import { notFound } from "@/lib/errors";
import { challengeRow, challengeSecret } from "@/lib/services/red-blue/membership";
import { pairingRecords, playerPairingOf } from "@/lib/services/red-blue/player-view";

// GET /web/api/red-blue-challenges/{id}/pairings: the pairings the caller's submissions took
// part in (either side), newest first, as player views (player-view.ts). An ended (inactive)
// challenge still shows its players their own pairings; an unknown one is 404.

export async function listMyPairings(
  accountId: string,
  challengeId: string,
  limit: number,
): Promise<{ data: PlayerPairingView[] }> {
  return query(function* () {
    const c = yield* challengeRow(challengeId);
    if (!c) throw notFound("Red/blue challenge");
    const rows = yield* pairingRecords(
      `p.red_blue_challenge_id = $1 AND (p.attack_account_id = $2 OR p.defense_account_id = $2)`,
      [c.id, accountId],
      limit,
    );
    const reveal = c.settings.reveal_after_round;
    const secret = reveal && rows.length > 0 ? yield* challengeSecret(c) : null;
    return { data: rows.map((row) => playerPairingOf(row, accountId, { reveal, secret })) };
  });
}
