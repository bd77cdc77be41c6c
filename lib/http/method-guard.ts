import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";

// A request with a method the Fetch API refuses (TRACE, TRACK, CONNECT) or one nobody here
// serves (PROPFIND, …) makes Next.js fail while it builds the web Request: a plain-text 500
// before any of our code runs. Node publishes every request on `http.server.request.start`
// before Next.js sees it; there such a request is turned into a GET marked with its original
// method, and proxy.ts answers the mark with a JSON 405. A client-sent mark is always removed.
// Installed once per process from instrumentation.ts.

export const DISALLOWED_METHOD_HEADER = "x-gauntlet-disallowed-method";
export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const SERVED = new Set<string>(SERVED_METHODS);

const INSTALLED = Symbol.for("gauntlet.methodGuard");
type Flagged = typeof globalThis & { [INSTALLED]?: boolean };

/** Rewrites one incoming request as described above (exported for tests). */
export function markDisallowedMethod(request: IncomingMessage): void {
  delete request.headers[DISALLOWED_METHOD_HEADER];
  const method = request.method ?? "GET";
  if (SERVED.has(method)) return;
  request.headers[DISALLOWED_METHOD_HEADER] = method.slice(0, 32);
  request.method = "GET";
}

/** Installs the hook (idempotent). Safe to call in any Node.js process. */
export function installMethodGuard(): void {
  const g = globalThis as Flagged;
  if (g[INSTALLED]) return;
  subscribe("http.server.request.start", (message) => {
    markDisallowedMethod((message as { request: IncomingMessage }).request);
  });
  g[INSTALLED] = true;
}
