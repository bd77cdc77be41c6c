import "server-only";
import { authSecretFingerprint, decryptSecret, encryptionKeyFingerprint } from "@/lib/crypto";
import { db } from "@/lib/db";

// Settings every instance on the database shares (instance_settings). Today: the fingerprints of
// ENCRYPTION_KEY and AUTH_SECRET, kept on first start, so an instance (app or worker) started
// with another key refuses to start instead of failing every request that reads a secret or
// refusing every other instance's sessions.

export const ENCRYPTION_KEY_FINGERPRINT = "encryption_key_fingerprint";
export const AUTH_SECRET_FINGERPRINT = "auth_secret_fingerprint";

/** This process's keys differ from the ones the database was set up with: it must not serve. */
export class InstanceKeyMismatchError extends Error {}

export class EncryptionKeyMismatchError extends InstanceKeyMismatchError {
  constructor(detail: string) {
    super(
      `ENCRYPTION_KEY does not match the key this database's secrets were encrypted with (${detail}). ` +
        "Every app instance and worker on one database must use the same ENCRYPTION_KEY: copy it from " +
        "an instance that works. Refusing to start.",
    );
    this.name = "EncryptionKeyMismatchError";
  }
}

export class AuthSecretMismatchError extends InstanceKeyMismatchError {
  constructor() {
    super(
      "AUTH_SECRET does not match the one the other instances on this database use (its fingerprint " +
        "differs from the one stored in instance_settings): their sessions would be refused here. Every " +
        "app instance and worker on one database must use the same AUTH_SECRET: copy it from an " +
        "instance that works. To change it on purpose (every session ends), stop every instance, run " +
        `DELETE FROM instance_settings WHERE key = '${AUTH_SECRET_FINGERPRINT}', and start them with the ` +
        "new value. Refusing to start.",
    );
    this.name = "AuthSecretMismatchError";
  }
}

export async function getInstanceSetting(key: string): Promise<string | null> {
  const row = await db.instanceSetting.findUnique({ where: { key }, select: { value: true } });
  return row?.value ?? null;
}

/** Stores `value` unless the key is already set; returns the value that is stored now. */
export async function setInstanceSettingOnce(key: string, value: string): Promise<string> {
  try {
    await db.instanceSetting.create({ data: { key, value } });
    return value;
  } catch (err) {
    // Another instance starting at the same time stored it first: theirs stands.
    if ((err as { code?: unknown }).code !== "P2002") throw err;
    return (await getInstanceSetting(key)) ?? value;
  }
}

/** One stored ciphertext, if any (a secret or a provider key), to try the key on. */
async function someCiphertext(): Promise<string | null> {
  // An explicit select reads a column the client omits by default (lib/db secretColumns).
  const secret = await db.secret.findFirst({ select: { valueEncrypted: true } });
  if (secret) return secret.valueEncrypted;
  const provider = await db.llmProvider.findFirst({
    where: { apiKeyEncrypted: { not: null } },
    select: { apiKeyEncrypted: true },
  });
  return provider?.apiKeyEncrypted ?? null;
}

/**
 * Checks this instance's ENCRYPTION_KEY against the database: the stored fingerprint must match;
 * with none stored yet (a new database, or one from before fingerprints) any stored secret must
 * decrypt, and then the fingerprint is stored. Throws EncryptionKeyMismatchError otherwise.
 */
export async function checkEncryptionKey(): Promise<{ stored: boolean }> {
  const mine = encryptionKeyFingerprint();
  const existing = await getInstanceSetting(ENCRYPTION_KEY_FINGERPRINT);
  if (existing !== null) {
    if (existing !== mine) throw new EncryptionKeyMismatchError("its fingerprint differs from the one stored in instance_settings");
    return { stored: false };
  }
  const sample = await someCiphertext();
  if (sample !== null) {
    try {
      decryptSecret(sample);
    } catch {
      throw new EncryptionKeyMismatchError("a stored secret cannot be decrypted with it");
    }
  }
  const kept = await setInstanceSettingOnce(ENCRYPTION_KEY_FINGERPRINT, mine);
  if (kept !== mine) throw new EncryptionKeyMismatchError("another instance stored a different fingerprint");
  return { stored: true };
}

/**
 * Checks this instance's AUTH_SECRET against the fingerprint the database keeps; the first start
 * (or the first since fingerprints) stores it. Throws AuthSecretMismatchError on another secret.
 */
export async function checkAuthSecret(): Promise<{ stored: boolean }> {
  const mine = authSecretFingerprint();
  const existing = await getInstanceSetting(AUTH_SECRET_FINGERPRINT);
  if (existing !== null) {
    if (existing !== mine) throw new AuthSecretMismatchError();
    return { stored: false };
  }
  if ((await setInstanceSettingOnce(AUTH_SECRET_FINGERPRINT, mine)) !== mine) throw new AuthSecretMismatchError();
  return { stored: true };
}

/**
 * The one start-up check of an app instance or a worker: ENCRYPTION_KEY, then AUTH_SECRET.
 * Returns the names of the keys whose fingerprint this start stored; throws an
 * InstanceKeyMismatchError (its message names the variable) when either differs.
 */
export async function checkInstanceKeys(): Promise<string[]> {
  const stored: string[] = [];
  if ((await checkEncryptionKey()).stored) stored.push("ENCRYPTION_KEY");
  if ((await checkAuthSecret()).stored) stored.push("AUTH_SECRET");
  return stored;
}
