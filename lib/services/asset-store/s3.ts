import "server-only";
import { createHash } from "node:crypto";
import type { S3Client } from "@aws-sdk/client-s3";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";

// Asset bytes in an S3-compatible bucket (ASSET_STORE=s3). The endpoint is operator
// configuration, like OPENAI_BASE_URL: trusted, so requests do not go through the outbound guard.
// The SDK is loaded only when this store is used.

let cached: { config: string; client: Promise<S3Client> } | undefined;

function client(): Promise<S3Client> {
  // Keyed by the settings (hashed: the secret is not kept twice), so tests that change them get a
  // client for the new ones.
  const config = createHash("sha256")
    .update(
      JSON.stringify([
        env.S3_REGION,
        env.S3_ENDPOINT ?? "",
        env.S3_FORCE_PATH_STYLE,
        env.S3_ACCESS_KEY_ID ?? "",
        env.S3_SECRET_ACCESS_KEY ?? "",
      ]),
    )
    .digest("base64url");
  if (cached?.config === config) return cached.client;
  const previous = cached?.client;
  const next = (async () => {
    const { S3Client } = await import("@aws-sdk/client-s3");
    return new S3Client({
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
      // Checksums only where S3 requires them: several S3-compatible servers refuse the SDK's
      // default trailing checksums.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      maxAttempts: 3,
    });
  })();
  cached = { config, client: next };
  void previous?.then((c) => c.destroy()).catch(() => undefined);
  return next;
}

function bucket(): string {
  // An asset stored while ASSET_STORE was s3 stays there after a switch back to the database.
  if (!env.S3_BUCKET) throw new AppError("internal", "This asset is kept in S3, but S3_BUCKET is not set");
  return env.S3_BUCKET;
}

function objectKey(storageKey: string): string {
  return `${env.S3_PREFIX}${storageKey}`;
}

function storeError(action: string, err: unknown): AppError {
  // SDK errors carry the bucket, key and status, never the credentials.
  const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  log.warn("asset store request failed", {
    action,
    bucket: env.S3_BUCKET,
    error: e?.name,
    message: e?.message,
    status: e?.$metadata?.httpStatusCode,
  });
  return new AppError("upstream_error", "The asset store did not accept the request; try again later", { cause: err });
}

export async function putS3Object(storageKey: string, bytes: Uint8Array, contentType: string): Promise<void> {
  const { PutObjectCommand } = await import("@aws-sdk/client-s3");
  const Bucket = bucket();
  try {
    await (await client()).send(
      new PutObjectCommand({
        Bucket,
        Key: objectKey(storageKey),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  } catch (err) {
    throw storeError("put", err);
  }
}

/** The object's bytes as a stream, or null when the bucket has no such object. */
export async function getS3Object(storageKey: string): Promise<ReadableStream<Uint8Array> | null> {
  const { GetObjectCommand } = await import("@aws-sdk/client-s3");
  const Bucket = bucket();
  try {
    const res = await (await client()).send(new GetObjectCommand({ Bucket, Key: objectKey(storageKey) }));
    if (!res.Body) return null;
    return res.Body.transformToWebStream() as ReadableStream<Uint8Array>;
  } catch (err) {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404) return null;
    throw storeError("get", err);
  }
}

export async function deleteS3Object(storageKey: string): Promise<void> {
  const { DeleteObjectCommand } = await import("@aws-sdk/client-s3");
  const Bucket = bucket();
  try {
    await (await client()).send(new DeleteObjectCommand({ Bucket, Key: objectKey(storageKey) }));
  } catch (err) {
    throw storeError("delete", err);
  }
}
