import "server-only";
import { readFile, rm } from "node:fs/promises";
import { resolve } from "node:path";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { deleteS3Object, getS3Object, putS3Object } from "./s3";

// Where uploaded assets' bytes live, so that every instance serves every asset: the database
// (asset_blobs, the default) or an S3-compatible bucket (ASSET_STORE=s3). Each row says where its
// bytes are (upload_files.store), so switching stores keeps older assets readable. "file" is an
// asset an older version wrote to its own DATA_DIR/assets: the instance that holds the file
// imports it into the configured store on start, or when the file is first asked for.

export type AssetStoreKind = "database" | "s3" | "file";

export interface NewAsset {
  id: string;
  workspaceId: string;
  filename: string;
  mimeType: string;
  size: number;
  storageKey: string;
  createdBy: string | null;
}

export interface StoredAssetRef {
  id: string;
  store: string;
  storageKey: string;
  mimeType: string;
}

/** Writes the bytes to the configured store and the row that points at them. */
export async function storeNewAsset(data: NewAsset, bytes: Uint8Array<ArrayBuffer>): Promise<{ createdAt: Date }> {
  if (env.ASSET_STORE === "database") {
    // One statement batch: the row and its bytes exist together or not at all.
    return db.asset.create({
      data: { ...data, store: "database", blob: { create: { bytes } } },
      select: { createdAt: true },
    });
  }
  await putS3Object(data.storageKey, bytes, data.mimeType);
  try {
    return await db.asset.create({ data: { ...data, store: "s3" }, select: { createdAt: true } });
  } catch (err) {
    await deleteS3Object(data.storageKey).catch(() => undefined);
    throw err;
  }
}

/** The asset's bytes, or null when its store has none (or, for a "file" asset, this instance has not got the file). */
export async function readStoredAsset(ref: StoredAssetRef): Promise<ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer> | null> {
  switch (ref.store) {
    case "database": {
      const blob = await db.assetBlob.findUnique({ where: { assetId: ref.id }, select: { bytes: true } });
      return blob ? blob.bytes : null;
    }
    case "s3":
      return getS3Object(ref.storageKey);
    case "file": {
      const bytes = await readLegacyFile(ref.storageKey);
      if (!bytes) return null;
      // Serve it either way; a failed import is tried again on the next read or start.
      await importLegacyAsset(ref, bytes).catch((err: unknown) =>
        log.warn("importing a legacy asset file failed", { asset: ref.id, error: err }),
      );
      return bytes;
    }
    default:
      return null;
  }
}

/** Removes the bytes of a deleted asset row (database bytes go with the row). */
export async function discardStoredAsset(ref: StoredAssetRef): Promise<void> {
  try {
    if (ref.store === "s3") await deleteS3Object(ref.storageKey);
    else if (ref.store === "file") {
      const path = legacyPath(ref.storageKey);
      if (path) await rm(path, { force: true });
    }
  } catch (err) {
    // The row is gone, so nothing serves these bytes any more: an orphan, not a leak.
    log.warn("removing a deleted asset's bytes failed", { asset: ref.id, error: err });
  }
}

// Keys were always written as `<uuid>.<ext>`; anything else is not read from disk.
const LEGACY_KEY = /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

function legacyPath(storageKey: string): string | null {
  return LEGACY_KEY.test(storageKey) ? resolve(env.DATA_DIR, "assets", storageKey) : null;
}

async function readLegacyFile(storageKey: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const path = legacyPath(storageKey);
  if (!path) return null;
  try {
    const buf = await readFile(path);
    return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

async function importLegacyAsset(ref: StoredAssetRef, bytes: Uint8Array<ArrayBuffer>): Promise<void> {
  if (env.ASSET_STORE === "database") {
    // Two instances importing the same file at once both succeed: the upsert keeps one copy and
    // only a row still marked "file" is switched.
    await db.$transaction([
      db.assetBlob.upsert({ where: { assetId: ref.id }, create: { assetId: ref.id, bytes }, update: {} }),
      db.asset.updateMany({ where: { id: ref.id, store: "file" }, data: { store: "database" } }),
    ]);
    return;
  }
  await putS3Object(ref.storageKey, bytes, ref.mimeType);
  await db.asset.updateMany({ where: { id: ref.id, store: "file" }, data: { store: "s3" } });
}

/**
 * Imports every asset file this instance holds from before assets were shared (runs on start).
 * Files stay on disk; rows whose file another instance holds are left for that instance.
 */
export async function importLegacyAssets(): Promise<{ imported: number; elsewhere: number }> {
  let imported = 0;
  let elsewhere = 0;
  let after: string | undefined;
  for (;;) {
    const rows = await db.asset.findMany({
      where: { store: "file", ...(after ? { id: { gt: after } } : {}) },
      orderBy: { id: "asc" },
      take: 100,
      select: { id: true, store: true, storageKey: true, mimeType: true },
    });
    if (rows.length === 0) break;
    for (const row of rows) {
      const bytes = await readLegacyFile(row.storageKey);
      if (!bytes) {
        elsewhere++;
        continue;
      }
      await importLegacyAsset(row, bytes);
      imported++;
    }
    after = rows.at(-1)!.id;
  }
  return { imported, elsewhere };
}
