import { createHash, createHmac, createPublicKey, timingSafeEqual, verify } from "node:crypto";

// Arena identities (docs/arena-protocol.md "Two identity modes"): Ed25519 public keys travel as the
// hex of their SPKI DER; a persistent user id is the sha256 of that hex text; a join or profile
// update is signed over a fixed message with an epoch-ms timestamp valid for ±5 minutes; a
// session key binds a seat (join index) of one game with an HMAC under the server's secret.

export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;
const SPKI_PREFIX = "302a300506032b6570032100";
const HEX = /^[0-9a-f]+$/i;

export const joinMessage = (invite: string, timestamp: number) => `arena:v1:join:${invite}:${timestamp}`;
export const profileMessage = (timestamp: number) => `arena:v1:user-update:${timestamp}`;
/** What an agent signs to create a game of `type` as itself (counted against its own allowance). */
export const createMessage = (type: string, timestamp: number) => `arena:v1:create:${type}:${timestamp}`;

/** sha256 of the hex public key text (UTF-8), hex. */
export function userIdOf(publicKeyHex: string): string {
  return createHash("sha256").update(publicKeyHex, "utf8").digest("hex");
}

export type SignatureCheck =
  | { ok: true; userId: string; publicKey: string }
  | { ok: false; error: "Timestamp expired" | "Invalid signature" };

/** Checks a signature over `message` by `publicKeyHex`, and that `timestamp` is within ±5 min. */
export function checkSignature(
  publicKeyHex: unknown,
  signatureHex: unknown,
  timestamp: unknown,
  message: string,
  now = Date.now(),
): SignatureCheck {
  const ts = Number(timestamp);
  if (!Number.isFinite(ts) || Math.abs(now - ts) > SIGNATURE_WINDOW_MS)
    return { ok: false, error: "Timestamp expired" };
  if (typeof publicKeyHex !== "string" || typeof signatureHex !== "string")
    return { ok: false, error: "Invalid signature" };
  const key = publicKeyHex.toLowerCase();
  if (key.length !== 88 || !key.startsWith(SPKI_PREFIX) || !HEX.test(key))
    return { ok: false, error: "Invalid signature" };
  if (signatureHex.length !== 128 || !HEX.test(signatureHex))
    return { ok: false, error: "Invalid signature" };
  try {
    const publicKey = createPublicKey({ key: Buffer.from(key, "hex"), format: "der", type: "spki" });
    const ok = verify(null, Buffer.from(message, "utf8"), publicKey, Buffer.from(signatureHex, "hex"));
    return ok
      ? { ok: true, userId: userIdOf(publicKeyHex), publicKey: key }
      : { ok: false, error: "Invalid signature" };
  } catch {
    return { ok: false, error: "Invalid signature" };
  }
}

function sessionMac(secret: string, gameId: string, index: number): string {
  return createHmac("sha256", secret).update(`arena:v1:session:${gameId}:${index}`).digest("hex");
}

/** The session key of seat `index` (0-based join order) of a game. */
export function sessionKey(secret: string, gameId: string, index: number): string {
  return `s_${index}.${sessionMac(secret, gameId, index)}`;
}

const KEY = /^s_(0|[1-9][0-9]{0,5})\.([0-9a-f]{64})$/;

/** The seat index of a well-formed key, or null. Says nothing about validity. */
export function parseSessionKey(key: string): { index: number; mac: string } | null {
  const m = KEY.exec(key);
  return m ? { index: Number(m[1]), mac: m[2]! } : null;
}

/** The seat a key grants in `gameId`, or null when it is malformed or for another game. */
export function verifySessionKey(secret: string, key: string, gameId: string): number | null {
  const parsed = parseSessionKey(key);
  if (!parsed) return null;
  const expected = Buffer.from(sessionMac(secret, gameId, parsed.index), "hex");
  const given = Buffer.from(parsed.mac, "hex");
  return expected.length === given.length && timingSafeEqual(expected, given) ? parsed.index : null;
}

/** What a key signs to link its identity to a Gauntlet account (the account id is the user's). */
export const linkMessage = (accountId: string, timestamp: number) =>
  `arena:v1:link:${accountId}:${timestamp}`;
