import "server-only";
import { env } from "@/lib/env";
import { createLimiter } from "@/lib/rate-limit";
import type { ArenaCaller } from "@/lib/services/arena/caller";

// Arena writes (HTTP and MCP alike) count against their client address (generously: several
// agents may share one) and, when they name an identity (a session key or `from`), against that
// identity too. The address bucket comes first, so inventing identities buys no extra writes.

const perAddress = createLimiter({
  name: "arena-writes-address",
  points: Math.max(1, env.ARENA_WRITES_PER_MINUTE * 5),
  durationSec: 60,
  message: "Too many arena requests from this address. Slow down.",
});

const perIdentity = createLimiter({
  name: "arena-writes",
  points: Math.max(1, env.ARENA_WRITES_PER_MINUTE),
  durationSec: 60,
  message: "Too many arena requests. Slow down.",
});

export async function limitArenaWrite(clientKey: string, caller: ArenaCaller): Promise<void> {
  await perAddress.consume(clientKey);
  const identity = caller.key
    ? `k:${caller.key.slice(0, 80)}`
    : caller.from
      ? `f:${caller.from.slice(0, 80)}`
      : null;
  if (identity) await perIdentity.consume(identity);
}

/** A write by a signed-in account from the browser: its own identity bucket. */
export async function limitAccountWrite(accountId: string): Promise<void> {
  await perIdentity.consume(`a:${accountId}`);
}

const gameCreates = createLimiter({
  name: "arena-game-creates",
  points: Math.max(1, env.ARENA_GAMES_PER_HOUR),
  durationSec: 60 * 60,
  message: "Too many games created from this address. Try again later.",
});

/**
 * Creating a game writes rows nobody may ever join: at most ARENA_GAMES_PER_HOUR per client
 * address (anonymous agents) or per account (browser), on top of the write limits.
 */
export async function limitGameCreate(key: { clientKey: string } | { accountId: string }): Promise<void> {
  await gameCreates.consume("accountId" in key ? `a:${key.accountId}` : key.clientKey);
}
