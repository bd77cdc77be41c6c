import "server-only";
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { authSubkey } from "@/lib/crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { isAssetType, type AssetType } from "@/lib/contracts/assets";
import { discardStoredAsset, readStoredAsset, storeNewAsset } from "@/lib/services/asset-store";

// Uploaded hero images/videos and theme images. Their bytes are in the shared asset store
// (lib/services/asset-store: the database or S3), so every instance serves every asset; they are
// served only through expiring HMAC-signed URLs (/assets/{id}?exp=…&sig=…), so a link that leaks
// stops working, and themes can refer to nothing but this app's signed assets.

export interface AssetView {
  id: string;
  filename: string;
  mime_type: string;
  size: number;
  url: string;
  url_expires_at: string;
  created_at: string;
}

// Signed URLs expire on 5-minute boundaries so that one page rendered twice gets the same URL and
// browsers can cache the file.
const EXPIRY_BUCKET_SECONDS = 300;
const ASSET_URL = /\/assets\/([0-9a-f-]{36})\?exp=(\d{1,12})&sig=([A-Za-z0-9_-]{16,128})/g;

function signingKey(): Buffer {
  return authSubkey("gauntlet/asset-url/v1");
}

function signature(id: string, exp: number): string {
  return createHmac("sha256", signingKey()).update(`${id}.${exp}`).digest("base64url");
}

/** A signed, expiring same-origin URL for an asset. */
export function signAssetUrl(id: string, ttlSeconds = env.ASSET_URL_TTL_SECONDS, now = Date.now()): {
  url: string;
  expiresAt: Date;
} {
  const raw = Math.floor(now / 1000) + ttlSeconds;
  const exp = Math.ceil(raw / EXPIRY_BUCKET_SECONDS) * EXPIRY_BUCKET_SECONDS;
  return { url: `/assets/${id}?exp=${exp}&sig=${signature(id, exp)}`, expiresAt: new Date(exp * 1000) };
}

export type SignatureCheck = "ok" | "expired" | "invalid";

/** Checks the signature (constant time) and the expiry of /assets/{id}?exp=&sig=. */
export function checkAssetSignature(id: string, exp: string | number, sig: string, now = Date.now()): SignatureCheck {
  const expNum = Number(exp);
  if (!Number.isSafeInteger(expNum)) return "invalid";
  const expected = Buffer.from(signature(id, expNum));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
  return expNum * 1000 < now ? "expired" : "ok";
}

/** True for a same-origin signed asset URL with a valid, unexpired signature. */
export function verifySignedAssetUrl(url: string): boolean {
  const m = /^\/assets\/([0-9a-f-]{36})\?exp=(\d{1,12})&sig=([A-Za-z0-9_-]{16,128})$/.exec(url);
  return !!m && checkAssetSignature(m[1]!, m[2]!, m[3]!) === "ok";
}

/** Ids of the assets a (sanitized) theme refers to. */
export function assetIdsOfTheme(theme: Record<string, unknown> | null | undefined): string[] {
  const ids = new Set<string>();
  for (const value of Object.values(theme ?? {})) {
    if (typeof value !== "string") continue;
    for (const m of value.matchAll(ASSET_URL)) ids.add(m[1]!);
  }
  return [...ids];
}

/**
 * The theme with every asset URL signed afresh: stored themes keep the URL they were saved with,
 * which expires, so pages and API responses re-sign before showing one.
 */
export function refreshThemeAssetUrls<T extends Record<string, unknown> | null | undefined>(theme: T): T {
  if (!theme) return theme;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(theme)) {
    out[key] = typeof value === "string" ? value.replace(ASSET_URL, (_m, id: string) => signAssetUrl(id).url) : value;
  }
  return out as T;
}

function sniff(bytes: Uint8Array): AssetType | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(1, 4) === "PNG" && bytes[4] === 0x0d && bytes[5] === 0x0a) {
    return "image/png";
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "image/gif";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp") return "video/mp4";
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return "video/webm";
  }
  return null;
}

const EXTENSIONS: Record<AssetType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "video/mp4": "mp4",
  "video/webm": "webm",
};

function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "file";
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|*?:]/g, "_").trim().slice(0, 200);
  return cleaned || "file";
}

function toView(row: { id: string; filename: string; mimeType: string; size: number; createdAt: Date }): AssetView {
  const signed = signAssetUrl(row.id);
  return {
    id: row.id,
    filename: row.filename,
    mime_type: row.mimeType,
    size: row.size,
    url: signed.url,
    url_expires_at: signed.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

const viewSelect = { id: true, filename: true, mimeType: true, size: true, createdAt: true } as const;

/**
 * Stores an upload (png, jpeg, webp, gif, mp4 or webm, at most ASSET_MAX_BYTES). The type comes
 * from the file's bytes; a declared type that disagrees is refused.
 */
export async function uploadAsset(
  workspaceId: string,
  actorId: string | null,
  file: { filename: string; declaredType?: string | null; bytes: Uint8Array<ArrayBuffer> },
): Promise<AssetView> {
  if (file.bytes.length === 0) throw new AppError("validation_failed", "The file is empty");
  if (file.bytes.length > env.ASSET_MAX_BYTES) {
    throw new AppError("payload_too_large", `The file is larger than ${Math.floor(env.ASSET_MAX_BYTES / 1024 / 1024)} MB`);
  }
  const detected = sniff(file.bytes);
  if (!detected) {
    throw new AppError("validation_failed", "Upload a PNG, JPEG, WebP or GIF image, or an MP4 or WebM video");
  }
  const declared = (file.declaredType ?? "").split(";")[0]!.trim().toLowerCase();
  if (declared && declared !== "application/octet-stream" && declared !== detected) {
    throw new AppError(
      "validation_failed",
      isAssetType(declared)
        ? `The file says it is ${declared} but its content is ${detected}`
        : `Files of type ${declared} are not accepted; upload a PNG, JPEG, WebP or GIF image, or an MP4 or WebM video`,
    );
  }
  const id = randomUUID();
  const data = {
    id,
    workspaceId,
    filename: cleanFilename(file.filename),
    mimeType: detected,
    size: file.bytes.length,
    storageKey: `${id}.${EXTENSIONS[detected]}`,
    createdBy: actorId,
  };
  const { createdAt } = await storeNewAsset(data, file.bytes);
  return toView({ ...data, createdAt });
}

/** An asset of the workspace with a fresh signed URL; another workspace's id is 404. */
export async function getAsset(workspaceId: string, id: string): Promise<AssetView> {
  const row = await db.asset.findFirst({ where: { id, workspaceId }, select: viewSelect });
  if (!row) throw notFound("Asset");
  return toView(row);
}

/**
 * Deletes an asset of the workspace and its bytes; another workspace's id is 404. Challenges
 * that showed it lose their hero media; themes that refer to it show nothing there.
 */
export async function deleteAsset(workspaceId: string, id: string): Promise<void> {
  const ref = await db.asset.findFirst({
    where: { id, workspaceId },
    select: { id: true, store: true, storageKey: true, mimeType: true },
  });
  if (!ref) throw notFound("Asset");
  const { count } = await db.asset.deleteMany({ where: { id, workspaceId } });
  if (count) await discardStoredAsset(ref);
}

/** Which of these asset ids belong to the workspace. */
export async function assetsInWorkspace(workspaceId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.asset.findMany({ where: { workspaceId, id: { in: ids } }, select: { id: true } });
  return new Set(rows.map((r) => r.id));
}

// Assets never change once stored, so the id is a strong validator of the bytes.
const etagOf = (id: string) => `"${id}"`;

function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}

/**
 * The file behind a signed URL (the caller has checked the signature). With an If-None-Match that
 * names it, body is null: the client's copy is current (304) and the bytes are not read.
 */
export async function openAsset(
  id: string,
  opts: { ifNoneMatch?: string | null } = {},
): Promise<{
  mimeType: string;
  size: number;
  filename: string;
  etag: string;
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer> | null;
}> {
  const row = await db.asset.findUnique({
    where: { id },
    select: { id: true, mimeType: true, size: true, filename: true, storageKey: true, store: true },
  });
  if (!row) throw notFound("Asset");
  const etag = etagOf(row.id);
  const meta = { mimeType: row.mimeType, size: row.size, filename: row.filename, etag };
  if (matchesEtag(opts.ifNoneMatch, etag)) return { ...meta, body: null };
  const body = await readStoredAsset(row);
  if (!body) throw notFound("Asset");
  return { ...meta, body };
}
