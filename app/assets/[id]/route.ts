import { route } from "@/lib/api/handler";
import { assetOperations } from "@/lib/contracts/assets";
import { AppError, forbidden } from "@/lib/errors";
import { checkAssetSignature, openAsset } from "@/lib/services/assets";

// GET /assets/{id}?exp=…&sig=… — an uploaded file behind an HMAC-signed, expiring URL. A missing,
// wrong or expired signature is 403 (checked before the id is looked up, so ids cannot be probed).
// The bytes come from the shared asset store, so any instance serves any asset.

export const GET = route(
  assetOperations.download,
  async ({ req, params, query: q }) => {
    if (!q.exp || !q.sig) throw forbidden("This asset URL is not signed");
    const check = checkAssetSignature(params.id, q.exp, q.sig);
    if (check === "invalid") throw forbidden("This asset URL's signature is invalid");
    if (check === "expired") throw new AppError("forbidden", "This asset URL has expired; reload the page for a new one");
    const asset = await openAsset(params.id, { ifNoneMatch: req.headers.get("if-none-match") });
    const maxAge = Math.max(0, Number(q.exp) - Math.floor(Date.now() / 1000));
    const caching = { etag: asset.etag, "cache-control": `private, max-age=${maxAge}` };
    if (!asset.body) return new Response(null, { status: 304, headers: caching });
    const ascii = asset.filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
    return new Response(asset.body, {
      headers: {
        "content-type": asset.mimeType,
        "content-length": String(asset.size),
        "x-content-type-options": "nosniff",
        "content-disposition": `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(asset.filename)}`,
        "content-security-policy": "default-src 'none'; sandbox",
        "cross-origin-resource-policy": "same-origin",
        ...caching,
      },
    });
  },
);
