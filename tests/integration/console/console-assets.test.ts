import { beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { POST as uploadRoute } from "@/app/console/api/assets/route";
import { GET as downloadRoute } from "@/app/assets/[id]/route";
import { db } from "@/lib/db";
import { assetResponse } from "@/lib/contracts/assets";
import { refreshThemeAssetUrls, signAssetUrl } from "@/lib/services/assets";
import { BASE, call } from "@/tests/helpers/route";
import { consoleActors, expect422, expectError, ORIGIN, type ConsoleActors } from "@/tests/helpers/console";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3]);
const WEBM = Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1]);

let a: ConsoleActors;

async function upload(file: Blob | null, filename: string, opts: { cookie?: string; bearer?: string; origin?: boolean } = {}) {
  const form = new FormData();
  if (file !== null) form.set("file", file, filename);
  const headers = new Headers({ "x-forwarded-for": "203.0.113.9" });
  if (opts.cookie) headers.set("cookie", opts.cookie);
  if (opts.bearer) headers.set("authorization", `Bearer ${opts.bearer}`);
  if (opts.origin !== false) headers.set("origin", ORIGIN.origin);
  const req = new NextRequest(new URL("/console/api/assets", BASE), { method: "POST", headers, body: form });
  const res = await uploadRoute(req, { params: Promise.resolve({}) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, text };
}

async function download(url: string) {
  const u = new URL(url, BASE);
  const id = u.pathname.split("/").pop()!;
  const res = await downloadRoute(new NextRequest(u), { params: Promise.resolve({ id }) });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

beforeAll(async () => {
  a = await consoleActors();
});

describe("asset upload and signed download", () => {
  it("stores an image and serves it through the signed URL with its type and nosniff", async () => {
    const res = await upload(new Blob([PNG], { type: "image/png" }), "hero.png", { cookie: a.ownerA.cookie });
    expect(res.status, res.text).toBe(201);
    const asset = assetResponse.parse(res.json).asset;
    expect(asset).toMatchObject({ mime_type: "image/png", size: PNG.length, filename: "hero.png" });
    expect(asset.url).toMatch(new RegExp(`^/assets/${asset.id}\\?exp=\\d+&sig=[A-Za-z0-9_-]+$`));
    const row = await db.asset.findUniqueOrThrow({ where: { id: asset.id } });
    expect(row.workspaceId).toBe(a.wsA.id);

    const got = await download(asset.url);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    expect(got.bytes).toEqual(PNG);
  });

  it("accepts a video by API token and sniffs the type when none is declared", async () => {
    const res = await upload(new Blob([WEBM]), "intro.webm", { bearer: a.tokenA });
    expect(res.status, res.text).toBe(201);
    expect(res.json.asset.mime_type).toBe("video/webm");
  });

  it("answers 403 for a missing, forged or expired signature", async () => {
    const res = await upload(new Blob([PNG], { type: "image/png" }), "a.png", { cookie: a.ownerA.cookie });
    const { id, url } = res.json.asset as { id: string; url: string };
    expectError(await download(`/assets/${id}`).then(asJson), 403, "forbidden");
    expectError(await download(url.replace(/sig=[^&]+/, "sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).then(asJson), 403, "forbidden");
    expectError(await download(url.replace(/exp=\d+/, "exp=9999999999")).then(asJson), 403, "forbidden");
    const expired = signAssetUrl(id, 60, Date.now() - 7200_000).url;
    expectError(await download(expired).then(asJson), 403, "forbidden");
    // A fresh signature for the same asset works again (stored themes are re-signed when shown).
    const theme = refreshThemeAssetUrls({ "--challenge-bg-image": `url("${expired}")` });
    const fresh = /url\("([^"]+)"\)/.exec(theme["--challenge-bg-image"])![1]!;
    expect(fresh).not.toBe(expired);
    expect((await download(fresh)).status).toBe(200);
  });

  it.each([
    ["a file that is not an image or video", () => new Blob(["<svg onload=alert(1)>"], { type: "image/svg+xml" }), "Upload a PNG"],
    ["a declared type that disagrees with the content", () => new Blob([PNG], { type: "image/gif" }), "image/png"],
    ["an empty file", () => new Blob([], { type: "image/png" }), "empty"],
    ["HTML disguised as an image", () => new Blob(["<html><script>alert(1)</script>"], { type: "image/png" }), "PNG"],
  ])("refuses %s (422) and stores nothing", async (_name, blob, part) => {
    const before = await db.asset.count();
    expect422(await upload(blob(), "x", { cookie: a.ownerA.cookie }), part);
    expect(await db.asset.count()).toBe(before);
  });

  it("refuses a missing file field (422), a non-multipart body (415) and a file over the limit (413)", async () => {
    expect422(await upload(null, "x", { cookie: a.ownerA.cookie }), "file");
    const json = await call(uploadRoute, { body: { file: "x" }, cookie: a.ownerA.cookie, headers: ORIGIN });
    expectError(json, 415, "unsupported_media_type");
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    expectError(await upload(new Blob([big], { type: "image/png" }), "big.png", { cookie: a.ownerA.cookie }), 413, "payload_too_large");
  });

  it("answers 401 without credentials and 403 to a cross-site cookie upload", async () => {
    expectError(await upload(new Blob([PNG]), "a.png"), 401, "unauthorized");
    expectError(await upload(new Blob([PNG]), "a.png", { cookie: a.ownerA.cookie, origin: false }), 403, "forbidden");
  });

  it("answers 404 for a validly signed URL of an unknown asset", async () => {
    expectError(await download(signAssetUrl("6f1c1a52-1111-4111-8111-111111111111").url).then(asJson), 404, "not_found");
  });
});

function asJson(r: { status: number; bytes: Uint8Array }) {
  return { status: r.status, json: JSON.parse(new TextDecoder().decode(r.bytes)) as unknown };
}
