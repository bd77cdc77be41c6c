import "server-only";
import { decryptSecret, encryptionKeyFingerprint } from "@/lib/crypto";
import { db } from "@/lib/db";

// Settings every instance on the database shares (instance_settings). Today: the fingerprint of
// ENCRYPTION_KEY, kept on first start, so an instance started with another key refuses to start
// instead of failing every request that reads a secret.

export const ENCRYPTION_KEY_FINGERPRINT = "encryption_key_fingerprint";

export class EncryptionKeyMismatchError extends Error {
  constructor(detail: string) {
    super(
      `ENCRYPTION_KEY does not match the key this database's secrets were encrypted with (${detail}). ` +
        "Every app instance and worker on one database must use the same ENCRYPTION_KEY: copy it from " +
        "an instance that works. Refusing to start.",
    );
    this.name = "EncryptionKeyMismatchError";
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
