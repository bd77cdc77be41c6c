// Uploaded assets are served by every instance: the bytes live in the shared store (the database,
// or an S3-compatible bucket), not in the DATA_DIR of the instance that took the upload. A second
// instance is simulated by pointing DATA_DIR at another, empty folder before reading.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { POST as uploadRoute } from "@/app/console/api/assets/route";
import { DELETE as deleteRoute } from "@/app/console/api/assets/[id]/route";
import { GET as downloadRoute } from "@/app/assets/[id]/route";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { assetResponse } from "@/lib/contracts/assets";
import { importLegacyAssets } from "@/lib/services/asset-store";
import { signAssetUrl } from "@/lib/services/assets";
import { BASE, call } from "@/tests/helpers/route";
import { consoleActors, expectError, ORIGIN, type ConsoleActors } from "@/tests/helpers/console";
import { startS3Server, type S3TestServer } from "@/tests/helpers/s3-server";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3]);
const GIF = Uint8Array.from([...Buffer.from("GIF89a"), 1, 0, 1, 0, 0x80, 0, 0, 0xff, 0xff, 0xff, 0, 0, 0, 0x3b]);

const FIRST_DATA_DIR = process.env.DATA_DIR!;
const S3_VARS = ["ASSET_STORE", "S3_BUCKET", "S3_ENDPOINT", "S3_FORCE_PATH_STYLE", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"];
let a: ConsoleActors;
const otherDirs: string[] = [];

/** This process now acts as another instance: same database, its own (empty) DATA_DIR. */
function actAsAnotherInstance(): string {
  const dir = mkdtempSync(join(tmpdir(), "gauntlet-instance-"));
  otherDirs.push(dir);
  process.env.DATA_DIR = dir;
  resetEnvForTests();
  return dir;
}

function setEnv(vars: Record<string, string>) {
  Object.assign(process.env, vars);
  resetEnvForTests();
}

async function upload(bytes: Uint8Array<ArrayBuffer>, filename: string, type: string) {
  const form = new FormData();
  form.set("file", new Blob([bytes], { type }), filename);
  const headers = new Headers({ cookie: a.ownerA.cookie, origin: ORIGIN.origin, "x-forwarded-for": "203.0.113.9" });
  const req = new NextRequest(new URL("/console/api/assets", BASE), { method: "POST", headers, body: form });
  const res = await uploadRoute(req, { params: Promise.resolve({}) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, text };
}

async function download(url: string, headers: Record<string, string> = {}) {
  const u = new URL(url, BASE);
  const id = u.pathname.split("/").pop()!;
  const res = await downloadRoute(new NextRequest(u, { headers }), { params: Promise.resolve({ id }) });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes };
}

async function uploaded(bytes: Uint8Array<ArrayBuffer>, filename: string, type: string) {
  const res = await upload(bytes, filename, type);
  expect(res.status, res.text).toBe(201);
  return assetResponse.parse(res.json).asset;
}

const remove = (id: string, cookie = a.ownerA.cookie) =>
  call(deleteRoute, { method: "DELETE", path: `/console/api/assets/${id}`, params: { id }, cookie, headers: ORIGIN });

/** A row as an older version wrote it: no store column set ("file"), the bytes in DATA_DIR/assets. */
async function legacyAsset(dataDir: string | null, bytes: Uint8Array) {
  const id = crypto.randomUUID();
  const storageKey = `${id}.png`;
  if (dataDir) {
    mkdirSync(join(dataDir, "assets"), { recursive: true });
    writeFileSync(join(dataDir, "assets", storageKey), bytes);
  }
  await db.asset.create({
    data: { id, workspaceId: a.wsA.id, filename: "old.png", mimeType: "image/png", size: bytes.length, storageKey },
  });
  return { id, storageKey, url: signAssetUrl(id).url };
}

beforeAll(async () => {
  a = await consoleActors();
});

afterEach(() => {
  process.env.DATA_DIR = FIRST_DATA_DIR;
  for (const k of S3_VARS) delete process.env[k];
  resetEnvForTests();
});

afterAll(() => {
  for (const dir of otherDirs) rmSync(dir, { recursive: true, force: true });
});

describe("assets in the database (the default store)", () => {
  it("an asset uploaded on one instance is served by another, with its ETag and caching headers", async () => {
    const asset = await uploaded(PNG, "hero.png", "image/png");
    // Nothing went to the receiving instance's own disk.
    expect(existsSync(join(FIRST_DATA_DIR, "assets", `${asset.id}.png`))).toBe(false);

    actAsAnotherInstance();
    const got = await download(asset.url);
    expect(got.status).toBe(200);
    expect(got.bytes).toEqual(PNG);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(got.headers.get("content-length")).toBe(String(PNG.length));
    expect(got.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    const etag = got.headers.get("etag");
    expect(etag).toBe(`"${asset.id}"`);

    const again = await download(asset.url, { "if-none-match": etag! });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.get("etag")).toBe(etag);
  });

  it("deleting an asset removes its bytes: its URL answers 404 on every instance", async () => {
    const asset = await uploaded(GIF, "bg.gif", "image/gif");
    // Another workspace's owner cannot delete it.
    expectError(await remove(asset.id, a.ownerB.cookie), 404, "not_found");
    expect((await download(asset.url)).status).toBe(200);

    const res = await remove(asset.id);
    expect(res.status, res.text).toBe(204);
    expect(await db.assetBlob.count({ where: { assetId: asset.id } })).toBe(0);
    expectError(await remove(asset.id), 404, "not_found");
    actAsAnotherInstance();
    expect((await download(asset.url)).status).toBe(404);
  });
});

describe("asset files an older version kept in DATA_DIR/assets", () => {
  it("are imported into the store on start, then served by every instance", async () => {
    const here = await legacyAsset(FIRST_DATA_DIR, PNG);
    const elsewhere = await legacyAsset(null, GIF);

    const result = await importLegacyAssets();
    expect(result.imported).toBeGreaterThanOrEqual(1);
    expect(result.elsewhere).toBeGreaterThanOrEqual(1);
    expect((await db.asset.findUniqueOrThrow({ where: { id: here.id } })).store).toBe("database");
    // The instance holding the other file has not started yet: that row waits for it.
    expect((await db.asset.findUniqueOrThrow({ where: { id: elsewhere.id } })).store).toBe("file");

    actAsAnotherInstance();
    const got = await download(here.url);
    expect(got.status).toBe(200);
    expect(got.bytes).toEqual(PNG);
    expect((await download(elsewhere.url)).status).toBe(404);
  });

  it("are imported when first read, so an upgrade loses nothing even before the start-up import", async () => {
    const legacy = await legacyAsset(FIRST_DATA_DIR, GIF);
    const first = await download(legacy.url);
    expect(first.status).toBe(200);
    expect(first.bytes).toEqual(GIF);
    expect((await db.asset.findUniqueOrThrow({ where: { id: legacy.id } })).store).toBe("database");

    actAsAnotherInstance();
    expect((await download(legacy.url)).bytes).toEqual(GIF);
  });
});

describe("assets in an S3-compatible bucket (ASSET_STORE=s3)", () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3.close();
  });
  const useS3 = () =>
    setEnv({
      ASSET_STORE: "s3",
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.url,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "AKIDGAUNTLETTEST",
      S3_SECRET_ACCESS_KEY: "gauntlet-test-secret-key",
    });

  it("stores the bytes in the bucket, serves them on another instance and deletes them", async () => {
    useS3();
    const asset = await uploaded(PNG, "hero.png", "image/png");
    const key = `assets/${asset.id}.png`;
    expect(s3.objects.get(key)?.bytes).toEqual(Buffer.from(PNG));
    expect(s3.objects.get(key)?.contentType).toBe("image/png");
    expect(s3.requests.at(-1)!.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDGAUNTLETTEST\//);
    expect(await db.assetBlob.count({ where: { assetId: asset.id } })).toBe(0);
    expect((await db.asset.findUniqueOrThrow({ where: { id: asset.id } })).store).toBe("s3");

    actAsAnotherInstance();
    const got = await download(asset.url);
    expect(got.status).toBe(200);
    expect(got.bytes).toEqual(PNG);
    expect(got.headers.get("etag")).toBe(`"${asset.id}"`);

    expect((await remove(asset.id)).status).toBe(204);
    expect(s3.objects.has(key)).toBe(false);
    expect((await download(asset.url)).status).toBe(404);
  });

  it("a bucket that refuses the upload is a 502 and stores nothing", async () => {
    useS3();
    const before = await db.asset.count();
    s3.refuseNext(1);
    const res = await upload(PNG, "x.png", "image/png");
    expectError(res, 502, "upstream_error");
    expect(JSON.stringify(res.json)).not.toContain("gauntlet-test-secret-key");
    expect(await db.asset.count()).toBe(before);
  });

  it("imports legacy files into the bucket, and assets stored in the database stay readable", async () => {
    const inDatabase = await uploaded(GIF, "db.gif", "image/gif");
    useS3();
    const legacy = await legacyAsset(FIRST_DATA_DIR, PNG);
    await importLegacyAssets();
    expect(s3.objects.get(`assets/${legacy.storageKey}`)?.bytes).toEqual(Buffer.from(PNG));
    expect((await db.asset.findUniqueOrThrow({ where: { id: legacy.id } })).store).toBe("s3");

    actAsAnotherInstance();
    expect((await download(legacy.url)).bytes).toEqual(PNG);
    expect((await download(inDatabase.url)).bytes).toEqual(GIF);
  });
});
