import { json, route } from "@/lib/api/handler";
import { readCapped } from "@/lib/http/read-capped";
import { assetOperations } from "@/lib/contracts/assets";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { uploadAsset } from "@/lib/services/assets";

// POST /console/api/assets — multipart upload (field "file") of a hero image/video or a theme
// image. Answers the asset id and a signed, expiring URL (/assets/{id}?exp=…&sig=…).

const MULTIPART_OVERHEAD = 64 * 1024;

export const POST = route(assetOperations.upload, async ({ req, caller }) => {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(type)) {
    throw new AppError(
      "unsupported_media_type",
      "Send the file as multipart/form-data with a field named file",
    );
  }
  const max = env.ASSET_MAX_BYTES + MULTIPART_OVERHEAD;
  if (Number(req.headers.get("content-length") ?? "0") > max) {
    throw new AppError(
      "payload_too_large",
      `The file is larger than ${Math.floor(env.ASSET_MAX_BYTES / 1024 / 1024)} MB`,
    );
  }
  const bytes = await readCapped(
    req,
    max,
    () =>
      new AppError(
        "payload_too_large",
        `The file is larger than ${Math.floor(env.ASSET_MAX_BYTES / 1024 / 1024)} MB`,
      ),
  );
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("bad_request", "The multipart body could not be read");
  }
  const file = form.get("file");
  if (!(file instanceof File)) {
    throw new AppError("validation_failed", "Send the file in a multipart field named file", {
      details: { issues: [{ path: "file", message: "file is required" }] },
    });
  }
  const asset = await uploadAsset(caller.workspaceId, caller.account?.id ?? null, {
    filename: file.name || "upload",
    declaredType: file.type,
    bytes: new Uint8Array(await file.arrayBuffer()),
  });
  return json({ asset }, { status: 201 });
});
