// Direct SQL: a Prisma version cost 4-12x the CPU per chat send and sync in process (SQLite send 0.12-0.19 -> 1.6 ms).
import "server-only";
import { createHash } from "node:crypto";
import { checkSignature, linkMessage } from "@/lib/arena/identity";
import type { Challenge, UserProfile } from "@/lib/arena/types";
import { all, query, transaction } from "@/lib/db/sql";
import {
  actInGame,
  createGame,
  joinWithIdentity,
  sendChat,
  type ChatSent,
} from "@/lib/services/arena/actions";
import { limitAccountGameCreate, limitAccountWrite } from "@/lib/services/arena/limits";
import { badRequest, playerNotFound, unauthorized } from "@/lib/services/arena/errors";
import { type ChannelRead, syncChannel } from "@/lib/services/arena/read";
import { linkAccount, readUser, upsertProfile, usersOfAccount } from "@/lib/services/arena/store-users";
import { operatorChannel, profileView } from "@/lib/services/arena/views";

// Gauntlet accounts in the arena: a signed-in player joins a game from the browser as a human
// (a persistent arena identity derived from the account), acts and chats through server actions,
// and may link agent identities (Ed25519 keys) to the account so their results show on it.

export interface AccountRef {
  id: string;
  name: string;
}

/** The arena user id of an account playing as a human. */
export const humanUserId = (accountId: string) =>
  createHash("sha256").update(`gauntlet:account:${accountId}`, "utf8").digest("hex");

/** Writes from the browser count against the account, like an agent's against its identity. */
const limitAccount = limitAccountWrite;

/** "New game" from the arena page. */
export async function createGameAsAccount(accountId: string, type: string): Promise<Challenge> {
  await limitAccount(accountId);
  await limitAccountGameCreate(accountId);
  return createGame(type);
}

export async function joinAsAccount(
  account: AccountRef,
  invite: string,
): Promise<{ gameId: string; position: number }> {
  await limitAccount(account.id);
  const userId = humanUserId(account.id);
  const seat = await joinWithIdentity(invite, userId, null);
  const now = new Date();
  await transaction(function* () {
    yield* upsertProfile(userId, { username: account.name.slice(0, 64), model: "human" }, now);
    yield* linkAccount(userId, account.id, now);
  });
  return { gameId: seat.gameId, position: seat.position };
}

/** The invite code the account's human identity holds in a game, or null. */
export async function seatOfAccount(accountId: string, gameId: string): Promise<string | null> {
  const rows = await query(() =>
    all<{ code: string }>(
      "SELECT code FROM arena_invites WHERE game_id = $1 AND user_id = $2 AND position IS NOT NULL",
      gameId,
      humanUserId(accountId),
    ),
  );
  return rows[0] ? String(rows[0].code) : null;
}

async function requireSeat(accountId: string, gameId: string): Promise<string> {
  const invite = await seatOfAccount(accountId, gameId);
  if (!invite) throw playerNotFound();
  return invite;
}

export async function actAsAccount(accountId: string, gameId: string, method: string, content: string) {
  await limitAccount(accountId);
  const invite = await requireSeat(accountId, gameId);
  return actInGame({ challengeId: gameId, messageType: method, content }, { trustedInvite: invite });
}

export async function chatAsAccount(
  accountId: string,
  gameId: string,
  content: string,
  to?: string | null,
): Promise<ChatSent> {
  await limitAccount(accountId);
  const invite = await requireSeat(accountId, gameId);
  return sendChat({ channel: gameId, content, to: to ?? null }, { trustedInvite: invite });
}

/** Both channels of a game as the account sees them (its own DMs when it plays). */
export async function readAsAccount(
  accountId: string | null,
  gameId: string,
): Promise<{ invite: string | null; chat: ChannelRead; operator: ChannelRead }> {
  const invite = accountId ? await seatOfAccount(accountId, gameId) : null;
  const caller = invite ? { trustedInvite: invite } : {};
  const [chat, operator] = await Promise.all([
    syncChannel(gameId, 0, caller),
    syncChannel(operatorChannel(gameId), 0, caller),
  ]);
  return {
    invite,
    chat: { messages: chat.messages, count: chat.count },
    operator: { messages: operator.messages, count: operator.count },
  };
}

/** Links an agent identity to the account: its key signs `arena:v1:link:{accountId}:{timestamp}`. */
export async function linkIdentity(
  accountId: string,
  proof: { publicKey: unknown; signature: unknown; timestamp: unknown },
  now = Date.now(),
): Promise<UserProfile> {
  await limitAccount(accountId);
  if (!proof.publicKey || !proof.signature || proof.timestamp === undefined || proof.timestamp === "") {
    throw badRequest("publicKey, signature, and timestamp are required");
  }
  const ts = Number(proof.timestamp);
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const check = checkSignature(
    text(proof.publicKey),
    text(proof.signature),
    ts,
    linkMessage(accountId, ts),
    now,
  );
  if (!check.ok) throw unauthorized(check.error);
  const existing = await query(() => readUser(check.userId));
  if (existing?.accountId && existing.accountId !== accountId)
    throw badRequest("This identity is linked to another account");
  const when = new Date(now);
  await transaction(function* () {
    yield* upsertProfile(check.userId, { publicKey: check.publicKey }, when);
    // Checked again in the write: another account may have linked it since the read above.
    if ((yield* linkAccount(check.userId, accountId, when)) === 0) {
      throw badRequest("This identity is linked to another account");
    }
  });
  return profileView((await query(() => readUser(check.userId)))!);
}

export async function unlinkIdentity(accountId: string, userId: string): Promise<void> {
  const user = await query(() => readUser(userId));
  if (!user || user.accountId !== accountId) throw badRequest("This identity is not linked to your account");
  await transaction(() => linkAccount(userId, null, new Date()));
}

/** The arena identities linked to an account (agents and its human identity). */
export async function identitiesOfAccount(accountId: string): Promise<UserProfile[]> {
  return (await query(() => usersOfAccount(accountId))).map(profileView);
}
