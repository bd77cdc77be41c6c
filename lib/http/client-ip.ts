import { randomUUID } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { parseIp } from "@/lib/http/ip";
import { peerAddress } from "@/lib/http/peer-address";
import { parseTrustProxy, type TrustProxy } from "@/lib/http/trust-proxy";

export { parseTrustProxy, type TrustProxy } from "@/lib/http/trust-proxy";

// Who is calling, for per-client rate limits and the same-origin check; forwarding headers count
// only under TRUST_PROXY (lib/http/README.md, 'Client address').

let parsed: { raw: string | undefined; trust: TrustProxy } | undefined;
function configuredTrust(): TrustProxy {
  const raw = env.TRUST_PROXY;
  if (!parsed || parsed.raw !== raw) parsed = { raw, trust: parseTrustProxy(raw) };
  return parsed.trust;
}

/** A hop as written, lower-cased, with brackets, port and IPv6 zone dropped. */
function strippedHop(raw: string): string {
  let s = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  if (bracketed?.[1]) s = bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(s);
  if (v4WithPort?.[1]) s = v4WithPort[1];
  return s.split("%")[0] ?? s;
}

/** Plain address of a hop (port, brackets, zone and IPv4 mapping dropped), or null. */
function plainAddress(raw: string): string | null {
  const s = strippedHop(raw);
  if (isIPv4(s)) return s;
  if (!isIPv6(s)) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s);
  return mapped?.[1] ?? s;
}

function isTrustedHop(trust: TrustProxy, hop: string): boolean {
  if (trust.kind === "hops") return true;
  if (trust.kind === "off") return false;
  const address = plainAddress(hop);
  if (!address) return false;
  return trust.list.check(address, isIPv4(address) ? "ipv4" : "ipv6");
}

function forwardedFor(headers: Headers): string[] {
  const list = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length) return list;
  const real = headers.get("x-real-ip")?.trim();
  return real ? [real] : [];
}

let warnedNoPeer = false;

/**
 * The calling client's address as configured (see above), unnormalised, or null when nothing
 * identifies it.
 */
export function clientAddress(headers: Headers, trust: TrustProxy = configuredTrust()): string | null {
  const peer = peerAddress(headers);
  if (peer === null && !warnedNoPeer) {
    warnedNoPeer = true;
    log.warn("Client socket address unavailable; per-client limits use the nearest X-Forwarded-For hop", {
      hint: "serve with next start / next dev / the standalone server so instrumentation.ts can install the peer-address hook",
    });
  }
  // Nearest hop first: the peer, then X-Forwarded-For from right to left.
  const hops = [...(peer !== null ? [peer] : []), ...forwardedFor(headers).reverse()];
  if (trust.kind === "off") return hops[0] ?? null;
  if (trust.kind === "hops") {
    // Without a peer, X-Forwarded-For's rightmost entry stands for the first proxy's view.
    const index = peer !== null ? trust.hops : trust.hops - 1;
    return hops[Math.min(Math.max(index, 0), hops.length - 1)] ?? null;
  }
  for (let i = 0; i < hops.length; i++) {
    if (i === hops.length - 1 || !isTrustedHop(trust, hops[i]!)) return hops[i]!;
  }
  return null;
}

/** Whether X-Forwarded-Host / -Proto may be believed for this request (its peer is a trusted proxy). */
export function forwardingTrusted(headers: Headers, trust: TrustProxy = configuredTrust()): boolean {
  if (trust.kind === "off") return false;
  const peer = peerAddress(headers);
  return peer === null || isTrustedHop(trust, peer);
}

const MAX_KEY_LENGTH = 64;

/**
 * A stable key for the calling client, for per-client rate limits. Never empty and never shared
 * by unrelated clients: a request with no address at all gets a key of its own.
 */
export function clientKey(headers: Headers, trust?: TrustProxy): string {
  const address = clientAddress(headers, trust);
  if (!address) return `unidentified:${randomUUID()}`;
  return normalizeAddress(address).slice(0, MAX_KEY_LENGTH);
}

/**
 * Canonical form of an address so spelling variants share one key: ports and brackets dropped,
 * IPv4-mapped IPv6 reduced to IPv4, and IPv6 grouped by /64 — one subscriber usually gets a
 * whole /64, so per-address keys would let them rotate through 2^64 buckets.
 */
export function normalizeAddress(raw: string): string {
  const s = strippedHop(raw);
  const ip = isIPv6(s) ? parseIp(s) : null;
  if (!ip) return s;
  const hextets = Array.from({ length: 8 }, (_, i) => Number((ip.value >> BigInt(112 - 16 * i)) & 0xffffn));
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    const [a = 0, b = 0] = hextets.slice(6);
    return [a >> 8, a & 0xff, b >> 8, b & 0xff].join(".");
  }
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(":")}::/64`;
}
