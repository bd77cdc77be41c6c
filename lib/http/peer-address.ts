import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

// Writes the socket's address into an internal header, since a web Request has none and
// X-Forwarded-For cannot be trusted (lib/http/README.md, 'Peer address').

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
