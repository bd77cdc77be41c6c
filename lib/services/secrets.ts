import "server-only";
import { decryptSecret, encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";

// Challenge secrets: write-only from the outside. Lists show names and dates, never values;
// only server-side evaluation reads the plaintext through getSecretValue.
export interface SecretView {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

const viewSelect = { id: true, name: true, createdAt: true, updatedAt: true } as const;

export async function setSecret(workspaceId: string, name: string, value: string): Promise<SecretView> {
  const valueEncrypted = encryptSecret(value);
  return db.secret.upsert({
    where: { workspaceId_name: { workspaceId, name } },
    create: { workspaceId, name, valueEncrypted },
    update: { valueEncrypted },
    select: viewSelect,
  });
}

export async function listSecrets(workspaceId: string): Promise<SecretView[]> {
  return db.secret.findMany({ where: { workspaceId }, orderBy: { name: "asc" }, select: viewSelect });
}

export async function deleteSecret(workspaceId: string, id: string): Promise<void> {
  const res = await db.secret.deleteMany({ where: { id, workspaceId } });
  if (res.count === 0) throw notFound("Secret");
}

/** Server-only: the plaintext of a secret referenced by name (a challenge's secret_ref). */
export async function getSecretValue(workspaceId: string, name: string): Promise<string | null> {
  const row = await db.secret.findUnique({
    where: { workspaceId_name: { workspaceId, name } },
    select: { valueEncrypted: true },
  });
  return row ? decryptSecret(row.valueEncrypted) : null;
}
