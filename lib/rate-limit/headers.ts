import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

// RateLimit-* response headers: the route wrappers answer with the most restrictive limit the
// request was counted against (lib/rate-limit/README.md, 'Response headers').

export interface RateLimitNote {
  /** Quota of the window. */
  limit: number;
  remaining: number;
  /** Seconds until the window resets (at least 0). */
  resetSec: number;
  windowSec: number;
}

const notesOfRequest = new AsyncLocalStorage<Map<string, RateLimitNote>>();

/** Runs `fn` collecting the rate-limit notes made while it runs (and in what it awaits). */
export function collectRateLimits<T>(fn: () => Promise<T>): {
  notes: Map<string, RateLimitNote>;
  result: Promise<T>;
} {
  const notes = new Map<string, RateLimitNote>();
  return { notes, result: notesOfRequest.run(notes, fn) };
}

/** Records where the current request stands against one named limit (the latest note wins). */
export function noteRateLimit(name: string, note: RateLimitNote): void {
  const notes = notesOfRequest.getStore();
  if (!notes) return;
  notes.set(name, {
    limit: note.limit,
    remaining: Math.max(0, Math.min(note.limit, Math.floor(note.remaining))),
    resetSec: Math.max(0, Math.ceil(note.resetSec)),
    windowSec: note.windowSec,
  });
}

/** Gives back points on a noted limit (a refund): its remaining goes up, never past its quota. */
export function noteRateLimitRefund(name: string, points: number): void {
  const note = notesOfRequest.getStore()?.get(name);
  if (note) note.remaining = Math.min(note.limit, note.remaining + points);
}

/** The RateLimit-* headers for the notes: the limit with the least left (then the latest reset). */
export function rateLimitHeaders(notes: Map<string, RateLimitNote>): Record<string, string> {
  if (notes.size === 0) return {};
  const all = [...notes.values()];
  const tightest = all.reduce((a, b) =>
    b.remaining < a.remaining || (b.remaining === a.remaining && b.resetSec > a.resetSec) ? b : a,
  );
  return {
    "RateLimit-Limit": String(tightest.limit),
    "RateLimit-Remaining": String(tightest.remaining),
    "RateLimit-Reset": String(tightest.resetSec),
    "RateLimit-Policy": all.map((n) => `${n.limit};w=${n.windowSec}`).join(", "),
  };
}

/** Sets the headers on a response (headers it already has, e.g. a stream's, are kept). */
export function applyRateLimitHeaders(res: Response, notes: Map<string, RateLimitNote>): Response {
  for (const [k, v] of Object.entries(rateLimitHeaders(notes))) {
    try {
      if (!res.headers.has(k)) res.headers.set(k, v);
    } catch {
      // Immutable headers (a Response.redirect or fetched response): leave them as they are.
    }
  }
  return res;
}
