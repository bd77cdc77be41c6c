import "server-only";
import { AppError } from "@/lib/errors";

// Reads a request body up to `max` bytes, stopping as soon as it is exceeded (whatever
// Content-Length said, chunked bodies included): `tooLarge()` is thrown then, after the stream is
// cancelled. A client that goes away mid-body is `unreadable()` (a 400 by default), not a 500.

const closed = () => new AppError("bad_request", "The request body could not be read (connection closed)");

export async function readCapped(
  req: Request,
  max: number,
  tooLarge: () => Error,
  unreadable: () => Error = closed,
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = req.body?.getReader();
  if (!reader) return new Uint8Array(new ArrayBuffer(0));
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      throw unreadable();
    }
    if (next.done) break;
    total += next.value.length;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(next.value);
  }
  const out = new Uint8Array(new ArrayBuffer(total));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The same, decoded as UTF-8 text. */
export async function readCappedText(
  req: Request,
  max: number,
  tooLarge: () => Error,
  unreadable?: () => Error,
): Promise<string> {
  return Buffer.from(await readCapped(req, max, tooLarge, unreadable)).toString("utf8");
}
