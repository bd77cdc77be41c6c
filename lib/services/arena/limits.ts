import "server-only";
import { env } from "@/lib/env";
import { checkSignature, createMessage } from "@/lib/arena/identity";
import { createLimiter } from "@/lib/rate-limit";
import type { ArenaCaller } from "@/lib/services/arena/caller";
import { arenaMode } from "@/lib/services/arena/config";
import { badRequest, unauthorized } from "@/lib/services/arena/errors";

// Arena writes (HTTP and MCP alike) count against their client address (generously: several
// agents may share one) and, when they name an identity (a session key or `from`), against that
// identity too. The address bucket comes first, so inventing identities buys no extra writes.

/** `perMinute` writes a minute per identity (bucket `name`), five times that per client address. */
function perMinuteLimiters(name: string, perMinute: number, what: string) {
  return {
    address: createLimiter({
      name: `${name}-address`,
      points: Math.max(1, perMinute * 5),
      durationSec: 60,
      message: `Too many ${what} from this address. Slow down.`,
    }),
    identity: createLimiter({
      name,
      points: Math.max(1, perMinute),
      durationSec: 60,
      message: `Too many ${what}. Slow down.`,
    }),
  };
}

const { address: perAddress, identity: perIdentity } = perMinuteLimiters(
  "arena-writes",
  env.ARENA_WRITES_PER_MINUTE,
  "arena requests",
);

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

// Creating a game writes rows nobody may ever join. Each creator may create
// ARENA_GAMES_PER_HOUR games an hour: a signed agent identity (auth mode), a signed-in account,
// or, for a request that names no identity, its client address. Every game created over HTTP
// also counts against its address, generously (ARENA_GAMES_PER_HOUR_PER_ADDRESS: a harness may
// run many agents from one address), so inventing identities buys a bounded number of games.

const createsPerAddress = createLimiter({
  name: "arena-game-creates-address",
  points: Math.max(1, env.ARENA_GAMES_PER_HOUR_PER_ADDRESS),
  durationSec: 60 * 60,
  message: "Too many games created from this address. Try again later.",
});

const createsAnonymous = createLimiter({
  name: "arena-game-creates",
  points: Math.max(1, env.ARENA_GAMES_PER_HOUR),
  durationSec: 60 * 60,
  message: "Too many games created from this address. Try again later.",
});

const createsPerIdentity = createLimiter({
  name: "arena-game-creates-identity",
  points: Math.max(1, env.ARENA_GAMES_PER_HOUR),
  durationSec: 60 * 60,
  message: "Too many games created by this identity. Try again later.",
});

/**
 * The agent identity a create request proves (auth mode): `publicKey`, `signature` (of
 * `arena:v1:create:{type}:{timestamp}`) and `timestamp` in the body, as a join signs; null when
 * the request signs nothing (or in standalone mode, which ignores signatures as joins do). A
 * signature seen again within its window only spends that identity's own allowance.
 */
export function createIdentity(type: string, body: Record<string, unknown>, now = Date.now()): string | null {
  if (arenaMode() !== "auth") return null;
  const given = [body.publicKey, body.signature, body.timestamp].filter((v) => v !== undefined);
  if (given.length === 0) return null;
  if (given.length < 3) throw badRequest("publicKey, signature, and timestamp are required");
  const check = checkSignature(body.publicKey, body.signature, body.timestamp, createMessage(type, Number(body.timestamp)), now);
  if (!check.ok) throw unauthorized(check.error);
  return check.userId;
}

/** One game created over HTTP: its address's allowance, then its creator's (see above). */
export async function limitGameCreate(req: { clientKey: string; type: string; body: Record<string, unknown> }): Promise<void> {
  const userId = createIdentity(req.type, req.body);
  await createsPerAddress.consume(req.clientKey);
  if (userId) await createsPerIdentity.consume(`u:${userId}`);
  else await createsAnonymous.consume(req.clientKey);
}

/** One game created by a signed-in account from the browser: the account's allowance. */
export async function limitAccountGameCreate(accountId: string): Promise<void> {
  await createsPerIdentity.consume(`a:${accountId}`);
}

// Free chat channels (channels.ts) are open to any identity, so they have their own, tighter
// allowance: ARENA_CHAT_MESSAGES_PER_MINUTE per writer identity, five times that per client
// address (the address first, so inventing identities buys nothing).

const { address: freeChatPerAddress, identity: freeChatPerIdentity } = perMinuteLimiters(
  "arena-free-chat",
  env.ARENA_CHAT_MESSAGES_PER_MINUTE,
  "chat messages",
);

export async function limitFreeChat(clientKey: string | undefined, identity: string): Promise<void> {
  if (clientKey) await freeChatPerAddress.consume(clientKey);
  await freeChatPerIdentity.consume(identity.slice(0, 160));
}
