import { isIPv4, isIPv6 } from "node:net";

// Rate limits are keyed by client address. Route handlers never see the socket, so the address
// comes from the proxy headers. This trusts X-Forwarded-For / X-Real-IP as sent: correct behind a
// reverse proxy that sets them (the supported deployment), but a client that talks to the app
// directly can put anything there and so pick its own rate-limit key.

const MAX_KEY_LENGTH = 64;

/** A stable key for the calling client, for per-client rate limits. Never empty. */
export function clientKey(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  const candidate = forwarded || headers.get("x-real-ip")?.trim();
  if (!candidate) return "unknown";
  return normalizeAddress(candidate).slice(0, MAX_KEY_LENGTH);
}

/**
 * Canonical form of an address so spelling variants share one key: ports and brackets dropped,
 * IPv4-mapped IPv6 reduced to IPv4, and IPv6 grouped by /64 — one subscriber usually gets a
 * whole /64, so per-address keys would let them rotate through 2^64 buckets.
 */
export function normalizeAddress(raw: string): string {
  let s = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  if (bracketed?.[1]) s = bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(s);
  if (v4WithPort?.[1]) s = v4WithPort[1];
  s = s.split("%")[0] ?? s; // IPv6 zone id
  if (isIPv4(s)) return s;
  if (!isIPv6(s)) return s;
  const hextets = expandIPv6(s);
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    const [a = 0, b = 0] = hextets.slice(6);
    return [a >> 8, a & 0xff, b >> 8, b & 0xff].join(".");
  }
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(":")}::/64`;
}

/** Eight 16-bit groups of a valid IPv6 address (embedded IPv4 tail included). */
function expandIPv6(address: string): number[] {
  let s = address;
  const v4Tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s);
  if (v4Tail?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4Tail[1].split(".").map(Number);
    s = `${s.slice(0, -v4Tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = s.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(zeros).fill("0"), ...right].map((h) => parseInt(h, 16));
}
