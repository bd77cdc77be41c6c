import "server-only";
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  scrypt as scryptCb,
  timingSafeEqual,
  type ScryptOptions,
} from "node:crypto";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

// Secrets at rest: AES-256-GCM, "v1.<iv>.<tag>.<ciphertext>" in base64url.
const VERSION = "v1";

function key(): Buffer {
  return Buffer.from(env.ENCRYPTION_KEY, "base64");
}

export function encryptSecret(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString("base64url"), tag.toString("base64url"), data.toString("base64url")].join(".");
}

/**
 * Decrypts a value from encryptSecret. A value this key cannot open (encrypted under another
 * ENCRYPTION_KEY, or corrupted) is AppError `secret_unreadable` (500): an operator error with a
 * message that says what to fix, never a bare 500.
 */
export function decryptSecret(stored: string): string {
  const [version, iv, tag, data] = stored.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) {
    throw secretUnreadable(new Error("Unrecognised encrypted value"));
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch (err) {
    throw secretUnreadable(err);
  }
}

function secretUnreadable(cause: unknown): AppError {
  return new AppError(
    "secret_unreadable",
    "A stored secret cannot be decrypted: this server's ENCRYPTION_KEY differs from the key that " +
      "encrypted it. Give every instance the same ENCRYPTION_KEY (or enter the secret again).",
    { cause },
  );
}

/**
 * Identifies the encryption key without revealing it: HMAC-SHA256 of a fixed label under the
 * key. Kept in the database (instance_settings) so instances with different keys are refused.
 */
export function encryptionKeyFingerprint(): string {
  return createHmac("sha256", key()).update("gauntlet encryption-key fingerprint v1").digest("base64url");
}

// Passwords: scrypt (N=2^15, r=8, p=1), "scrypt$N$r$p$salt$hash".
const SCRYPT = { N: 1 << 15, r: 8, p: 1, keylen: 32 };

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize("NFKC"), salt, keylen, opts, (err, buf) => (err ? reject(err) : resolve(buf))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keylen } = SCRYPT;
  const hash = await scrypt(password, salt, keylen, { N, r, p, maxmem: 128 * N * r * 2 });
  return ["scrypt", N, r, p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, "base64url");
  const N = Number(n);
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 128 * N * Number(r) * 2,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to compare against when the account does not exist, so timing does not tell. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}

/** Hash for high-entropy tokens (API tokens): SHA-256 is enough and fast to look up. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/**
 * A key of its own for one use of AUTH_SECRET (HMAC-SHA-256 of `label`), so MACs made for one
 * purpose can never be confused with another's. The same on every instance.
 */
export function authSubkey(label: string): Buffer {
  return createHmac("sha256", env.AUTH_SECRET).update(label).digest();
}

/**
 * Identifies AUTH_SECRET without revealing it (HMAC-SHA256 of a fixed label under the secret, a
 * label no other use shares). Kept in instance_settings so an instance with another secret, which
 * would refuse every other instance's sessions, is refused at start.
 */
export function authSecretFingerprint(): string {
  return authSubkey("gauntlet auth-secret fingerprint v1").toString("base64url");
}

/** Keyed hash for low-entropy values (6-digit codes), so a leaked row cannot be brute-forced offline. */
export function keyedHash(value: string): string {
  return createHash("sha256").update(env.AUTH_SECRET).update("\0").update(value).digest("hex");
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
