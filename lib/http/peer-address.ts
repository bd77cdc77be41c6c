import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

// Route handlers and server actions in Next.js see a web Request: no socket, so no remote
// address (NextRequest.ip is gone since Next 15). `next start`/`next dev`/standalone `server.js`
// fill X-Forwarded-For with the socket address only when the client did not send one, so that
// header cannot tell the two apart.
//
// Node publishes every incoming HTTP request on the `http.server.request.start` diagnostics
// channel, synchronously, before the server emits `request` to Next.js. The hook below writes
// the socket's address into an internal header there, replacing whatever a client sent under
// that name, so the rest of the app can read the real peer address from the request headers.
// It is installed once per process from instrumentation.ts (before requests are served).
// If it is not installed (another runtime), the header is ignored: a client could set it.

export const PEER_ADDRESS_HEADER = "x-gauntlet-peer-address";

const INSTALLED = Symbol.for("gauntlet.peerAddressHook");
type Flagged = typeof globalThis & { [INSTALLED]?: boolean };

interface RequestStart {
  request: IncomingMessage;
  socket: Socket;
}

/** Installs the hook (idempotent). Safe to call in any Node.js process. */
export function installPeerAddressHook(): void {
  const g = globalThis as Flagged;
  if (g[INSTALLED]) return;
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as RequestStart;
    request.headers[PEER_ADDRESS_HEADER] = socket?.remoteAddress ?? "";
  });
  g[INSTALLED] = true;
}

export function peerAddressHookInstalled(): boolean {
  return (globalThis as Flagged)[INSTALLED] === true;
}

/** The TCP peer of this request as seen by this server, or null when it is not known. */
export function peerAddress(headers: Headers): string | null {
  if (!peerAddressHookInstalled()) return null;
  const value = headers.get(PEER_ADDRESS_HEADER)?.trim();
  return value ? value : null;
}
