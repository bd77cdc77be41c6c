import "server-only";
import type { NextRequest } from "next/server";
import { AppError } from "@/lib/errors";
import { readCapped } from "@/lib/http/read-capped";

// A raw text body (a pack's YAML): read up to `max` bytes; more is a 413 whatever Content-Length
// said; an empty body is a 400. Any text media type is accepted (application/yaml, text/yaml,
// text/plain, application/x-yaml); JSON bodies are refused with 415 so a client that meant to
// send `{"yaml": …}` learns it at once.

export async function readTextBody(req: NextRequest, max: number): Promise<string> {
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/json") || type.startsWith("multipart/")) {
    throw new AppError(
      "unsupported_media_type",
      "Send the bundle as raw YAML (Content-Type: application/yaml)",
    );
  }
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > max) throw new AppError("payload_too_large", `The bundle is larger than ${max} bytes`);
  if (!req.body) throw new AppError("bad_request", "request body is required");
  const bytes = await readCapped(
    req,
    max,
    () => new AppError("payload_too_large", `The bundle is larger than ${max} bytes`),
  );
  const text = Buffer.from(bytes).toString("utf8");
  if (text.trim() === "") throw new AppError("bad_request", "request body is required");
  return text;
}
