import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { GET as challengesOfType, POST as createRoute } from "@/app/api/v1/challenges/[name]/route";
import { POST as joinRoute } from "@/app/api/v1/arena/join/route";
import { POST as messageRoute } from "@/app/api/v1/arena/message/route";
import { GET as syncRoute } from "@/app/api/v1/arena/sync/route";
import { POST as chatSendRoute } from "@/app/api/v1/chat/send/route";
import { GET as chatSyncRoute } from "@/app/api/v1/chat/sync/route";
import { resetEnvForTests } from "@/lib/env";
import { call } from "./route";

// Arena test helpers: Ed25519 identities as SpecArena clients make them, and the protocol's
// calls against the route handlers in-process.

export interface Identity {
  publicKeyHex: string;
  userId: string;
  sign(message: string): string;
}

export function makeIdentity(): Identity {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const publicKeyHex = publicKey.export({ format: "der", type: "spki" }).toString("hex");
  return {
    publicKeyHex,
    userId: createHash("sha256").update(publicKeyHex, "utf8").digest("hex"),
    sign: (message) => sign(null, Buffer.from(message, "utf8"), privateKey).toString("hex"),
  };
}

export function setArenaMode(mode: "auth" | "standalone"): void {
  process.env.ARENA_MODE = mode;
  resetEnvForTests();
}

export function joinBody(id: Identity, invite: string, timestamp = Date.now()) {
  return {
    invite,
    publicKey: id.publicKeyHex,
    signature: id.sign(`arena:v1:join:${invite}:${timestamp}`),
    timestamp,
  };
}

export async function createGame(type: string) {
  const res = await call(createRoute, {
    method: "POST",
    path: `/api/v1/challenges/${type}`,
    params: { name: type },
  });
  if (res.status !== 200) throw new Error(`create ${type}: ${res.status} ${res.text}`);
  return res.json as { id: string; invites: string[] };
}

export const join = (body: unknown) => call(joinRoute, { method: "POST", path: "/api/v1/arena/join", body });

/** Takes the seat of `invite` as `id` (a new identity unless given), with a signature of now. */
export const joinSeat = (invite: string, id: Identity = makeIdentity()) => join(joinBody(id, invite));

export const act = (body: Record<string, unknown>, key?: string) =>
  call(messageRoute, { method: "POST", path: "/api/v1/arena/message", body, bearer: key });

export const syncOperator = (gameId: string, index = 0, opts: { key?: string; from?: string } = {}) =>
  call(syncRoute, {
    path: `/api/v1/arena/sync?channel=${gameId}&index=${index}${opts.from ? `&from=${opts.from}` : ""}`,
    bearer: opts.key,
  });

export const chatSend = (body: Record<string, unknown>, key?: string) =>
  call(chatSendRoute, { method: "POST", path: "/api/v1/chat/send", body, bearer: key });

export const chatSync = (channel: string, index = 0, opts: { key?: string; from?: string } = {}) =>
  call(chatSyncRoute, {
    path: `/api/v1/chat/sync?channel=${channel}&index=${index}${opts.from ? `&from=${opts.from}` : ""}`,
    bearer: opts.key,
  });

export const listOfType = (type: string, query = "") =>
  call(challengesOfType, { path: `/api/v1/challenges/${type}${query}`, params: { name: type } });

/** The numbers of the first operator DM to `invite` that matches `pattern`. */
export function numbersIn(text: string): number[] {
  return (text.match(/\d+/g) ?? []).map(Number);
}

/** Joins both seats of a new 2-player game in auth mode; returns ids, keys and identities. */
export async function startAuthGame(
  type: string,
  ids: [Identity, Identity] = [makeIdentity(), makeIdentity()],
) {
  const game = await createGame(type);
  const keys: string[] = [];
  for (const [i, id] of ids.entries()) {
    const res = await joinSeat(game.invites[i]!, id);
    if (res.status !== 200) throw new Error(`join: ${res.status} ${res.text}`);
    keys.push(res.json.sessionKey as string);
  }
  return { game, keys, ids };
}

/** Plays a PSI game to the end in auth mode: each player guesses the true intersection. */
export async function playPsi(keys: string[], gameId: string): Promise<void> {
  const sets: number[][] = [];
  for (const key of keys) {
    const res = await syncOperator(gameId, 0, { key });
    const dm = (res.json.messages as { to?: string; content: string }[]).find(
      (m) => m.to && m.content.startsWith("Your private set"),
    );
    sets.push(numbersIn(dm!.content.split(".")[0]!));
  }
  const shared = sets[0]!.filter((n) => sets[1]!.includes(n));
  for (const key of keys) {
    const res = await act({ challengeId: gameId, messageType: "guess", content: shared.join(" ") }, key);
    if (res.status !== 200) throw new Error(`guess: ${res.status} ${res.text}`);
  }
}
