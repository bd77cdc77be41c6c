import type { IncomingMessage, Server, ServerResponse } from "node:http";

// Holds a request back from the server's `request` listeners (Next.js) until its body has been
// read and judged: the request guard uses it for server-action bodies, which Next decodes with
// React's reply decoder and answers with a 500 when they are malformed. The body is taken from
// the HTTP parser as it arrives (IncomingMessage#push, which the parser calls per chunk), so the
// stream Next reads later is still unread; once judged it is handed over whole, or the request
// is turned into something else (the guard's rejection) and its body dropped.
// A client that goes away before its body is complete never reaches the framework.

type Listener = (this: Server, req: IncomingMessage, res: ServerResponse) => void;
type Push = (chunk: unknown, encoding?: BufferEncoding) => boolean;

const GATED = Symbol.for("gauntlet.requestGate");
const holds = new WeakMap<IncomingMessage, Promise<boolean>>();

/** Routes `server`'s requests through the gate (idempotent): held ones wait for their verdict. */
export function gateServer(server: Server): void {
  const flagged = server as Server & { [GATED]?: boolean };
  if (flagged[GATED]) return;
  flagged[GATED] = true;
  const listeners = server.listeners("request") as Listener[];
  server.removeAllListeners("request");
  server.on("request", function gated(this: Server, req: IncomingMessage, res: ServerResponse) {
    const hold = holds.get(req);
    const pass = () => {
      for (const listener of listeners) listener.call(server, req, res);
    };
    if (!hold) return pass();
    holds.delete(req);
    void hold.then((go) => {
      if (go) pass();
    });
  });
}

export interface BodyVerdict {
  /** The body is acceptable: hand it to the framework as it came. */
  pass: boolean;
  /** Otherwise: what to do to the request (rewrite it) before the framework gets it. */
  rewrite?: () => void;
}

/**
 * Reads `req`'s body (at most `limit` bytes; past that `judge` gets null, and the request goes on
 * at once while the rest is dropped), then lets the server's listeners have it per `judge`.
 * Call from `http.server.request.start`, before the server emits `request`.
 */
export function holdBody(req: IncomingMessage, limit: number, judge: (body: Buffer | null) => Promise<BodyVerdict>): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  let ended = false;
  let judged = false;
  let release!: (go: boolean) => void;
  holds.set(req, new Promise<boolean>((resolve) => (release = resolve)));
  const own = req as IncomingMessage & { push: Push };
  const realPush = own.push.bind(own) as Push;
  const restore = () => {
    delete (own as { push?: Push }).push;
  };
  const decide = (body: Buffer | null) => {
    settled = true;
    judge(body).then(
      (verdict) => {
        judged = true;
        if (!verdict.pass) {
          verdict.rewrite?.();
          if (ended) {
            restore();
            realPush(null);
          }
        } else {
          restore();
          if (body && body.length > 0) realPush(body);
          realPush(null);
        }
        release(true);
      },
      () => {
        req.destroy();
        release(false);
      },
    );
  };
  const onClose = () => {
    if (!ended && !settled) release(false);
  };
  req.once("close", onClose);
  req.on("error", () => {}); // a client that hangs up mid-body: nothing to answer
  own.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (chunk === null) {
      ended = true;
      req.removeListener("close", onClose);
      if (!settled) decide(Buffer.concat(chunks, size));
      else if (judged) {
        // Too large and already answered: end the (empty) stream for whoever reads it.
        restore();
        realPush(null);
      }
      return false;
    }
    if (settled) return true; // past the limit: dropped
    const buf = typeof chunk === "string" ? Buffer.from(chunk, encoding) : (chunk as Buffer);
    size += buf.length;
    if (size > limit) {
      chunks.length = 0;
      decide(null);
    } else chunks.push(buf);
    return true;
  };
  // A declared length past the limit is refused before a byte is read.
  if (Number(req.headers["content-length"]) > limit) decide(null);
}
