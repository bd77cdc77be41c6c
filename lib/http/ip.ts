import { isIP } from "node:net";

// IP addresses as numbers, CIDR ranges, the ranges no server-side request may reach, and the
// operator's outbound allow-list (OUTBOUND_ALLOW). Pure functions: lib/env.ts validates the
// allow-list with them and lib/http/outbound.ts enforces it.

export interface Ip {
  family: 4 | 6;
  value: bigint;
}

export interface Cidr {
  family: 4 | 6;
  base: bigint;
  prefix: number;
}

const bitsOf = (family: 4 | 6) => (family === 4 ? 32 : 128);

function parseIPv4(s: string): bigint | null {
  const parts = s.split(".");
  if (parts.length !== 4) return null;
  let v = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    v = (v << 8n) | BigInt(Number(p));
  }
  return v;
}

function parseIPv6(input: string): bigint | null {
  let s = input;
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  // A trailing dotted quad (::ffff:127.0.0.1) is the last two groups.
  const lastColon = s.lastIndexOf(":");
  if (s.slice(lastColon + 1).includes(".")) {
    const v4 = parseIPv4(s.slice(lastColon + 1));
    if (v4 === null) return null;
    s = `${s.slice(0, lastColon + 1)}${((v4 >> 16n) & 0xffffn).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  let v = 0n;
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    v = (v << 16n) | BigInt(parseInt(g, 16));
  }
  return v;
}

/** Parses an IPv4 or IPv6 address (brackets and an IPv6 zone allowed); null if it is none. */
export function parseIp(input: string): Ip | null {
  const s = input.startsWith("[") && input.endsWith("]") ? input.slice(1, -1) : input;
  const kind = isIP(s.split("%")[0] ?? "");
  if (kind === 4) {
    const v = parseIPv4(s);
    return v === null ? null : { family: 4, value: v };
  }
  if (kind === 6) {
    const v = parseIPv6(s);
    return v === null ? null : { family: 6, value: v };
  }
  return null;
}

export function formatIp(ip: Ip): string {
  if (ip.family === 4) {
    return [24n, 16n, 8n, 0n].map((shift) => String((ip.value >> shift) & 0xffn)).join(".");
  }
  const groups: string[] = [];
  for (let i = 7; i >= 0; i--) groups.push(((ip.value >> BigInt(i * 16)) & 0xffffn).toString(16));
  return groups.join(":");
}

/** "10.0.0.0/8", "fc00::/7", or a single address (a /32 or /128). Throws on bad input. */
export function parseCidr(input: string): Cidr {
  const [addr = "", prefixText, extra] = input.split("/");
  const ip = parseIp(addr.trim());
  if (!ip || extra !== undefined) throw new Error(`"${input}" is not an IP address or CIDR range`);
  const bits = bitsOf(ip.family);
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  // An empty prefix ("10.0.0.0/") must not read as /0, which would allow the whole family.
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > bits || (prefixText !== undefined && !/^\d+$/.test(prefixText))) {
    throw new Error(`"${input}" has an invalid prefix length`);
  }
  const shift = BigInt(bits - prefix);
  return { family: ip.family, base: (ip.value >> shift) << shift, prefix };
}

export function inCidr(ip: Ip, range: Cidr): boolean {
  if (ip.family !== range.family) return false;
  const shift = BigInt(bitsOf(ip.family) - range.prefix);
  return ip.value >> shift === range.base >> shift;
}

/**
 * The IPv4 address an IPv6 address stands for, when it embeds one: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
 */
export function embeddedIPv4(ip: Ip): Ip | null {
  if (ip.family !== 6) return null;
  const v = ip.value;
  const low32 = v & 0xffffffffn;
  if (v >> 32n === 0xffffn) return { family: 4, value: low32 };
  if (v >> 32n === 0n && low32 > 1n) return { family: 4, value: low32 };
  if (v >> 32n === 0x64ff9b0000000000000000n) return { family: 4, value: low32 };
  if (v >> 112n === 0x2002n) return { family: 4, value: (v >> 80n) & 0xffffffffn };
  return null;
}

const FORBIDDEN: [string, string][] = [
  ["0.0.0.0/8", "an unspecified address"],
  ["10.0.0.0/8", "a private address"],
  ["100.64.0.0/10", "a carrier-grade NAT address"],
  ["127.0.0.0/8", "a loopback address"],
  ["169.254.169.254/32", "a cloud metadata address"],
  ["169.254.0.0/16", "a link-local address"],
  ["172.16.0.0/12", "a private address"],
  ["192.0.0.0/24", "a reserved address"],
  ["192.0.2.0/24", "a documentation address"],
  ["192.168.0.0/16", "a private address"],
  ["198.18.0.0/15", "a benchmarking address"],
  ["198.51.100.0/24", "a documentation address"],
  ["203.0.113.0/24", "a documentation address"],
  ["224.0.0.0/4", "a multicast address"],
  ["240.0.0.0/4", "a reserved address"],
  ["::/128", "an unspecified address"],
  ["::1/128", "a loopback address"],
  ["64:ff9b:1::/48", "a local NAT64 address"],
  ["100::/64", "a discard address"],
  ["2001::/32", "a Teredo address"],
  ["2001:db8::/32", "a documentation address"],
  ["fd00:ec2::254/128", "a cloud metadata address"],
  ["fc00::/7", "a unique local (private) address"],
  ["fe80::/10", "a link-local address"],
  ["fec0::/10", "a site-local address"],
  ["ff00::/8", "a multicast address"],
];
const FORBIDDEN_RANGES = FORBIDDEN.map(([cidr, label]) => ({ range: parseCidr(cidr), label }));

/**
 * Why a server-side request must not reach this address (loopback, private, link-local,
 * metadata, multicast, …, also in IPv4-mapped and other embedding IPv6 forms); null when it
 * is a public address.
 */
export function forbiddenReason(ip: Ip): string | null {
  for (const { range, label } of FORBIDDEN_RANGES) if (inCidr(ip, range)) return label;
  const v4 = embeddedIPv4(ip);
  if (v4) {
    const inner = forbiddenReason(v4);
    if (inner) return `${inner} (in IPv6 form)`;
  }
  return null;
}

// ---- OUTBOUND_ALLOW ---------------------------------------------------------------------

export type AllowEntry =
  | { kind: "host"; host: string; port: number | null }
  | { kind: "cidr"; range: Cidr; port: number | null };

export function normalizeHost(host: string): string {
  const h = host.trim().toLowerCase();
  const unbracketed = h.startsWith("[") && h.endsWith("]") ? h.slice(1, -1) : h;
  return unbracketed.endsWith(".") ? unbracketed.slice(0, -1) : unbracketed;
}

function parsePort(text: string, entry: string): number {
  const port = Number(text);
  if (!/^\d{1,5}$/.test(text) || port < 1 || port > 65535) throw new Error(`"${entry}" has an invalid port`);
  return port;
}

function parseEntry(raw: string): AllowEntry {
  const entry = raw.trim();
  // [v6]:port or [v6]
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) {
    return { kind: "cidr", range: parseCidr(bracketed[1]!), port: bracketed[2] ? parsePort(bracketed[2], entry) : null };
  }
  if (entry.includes("/") || parseIp(entry)) return { kind: "cidr", range: parseCidr(entry), port: null };
  const colon = entry.lastIndexOf(":");
  const host = colon >= 0 ? entry.slice(0, colon) : entry;
  const port = colon >= 0 ? parsePort(entry.slice(colon + 1), entry) : null;
  if (parseIp(host)) return { kind: "cidr", range: parseCidr(host), port };
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(host)) {
    throw new Error(`"${entry}" is not a host name, host:port, IP address or CIDR range`);
  }
  return { kind: "host", host: normalizeHost(host), port };
}

/**
 * Parses OUTBOUND_ALLOW: a comma-separated list of host names, host:port, IP addresses,
 * [IPv6]:port and CIDR ranges. Throws with a message naming the bad entry.
 */
export function parseAllowList(value: string | undefined): AllowEntry[] {
  if (!value) return [];
  return value
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)
    .map(parseEntry);
}

/** Whether an entry names this host (by name) and port. */
export function allowsHost(entries: readonly AllowEntry[], host: string, port: number): boolean {
  const h = normalizeHost(host);
  return entries.some((e) => e.kind === "host" && e.host === h && (e.port === null || e.port === port));
}

/** Whether an entry's range holds this address (also in its embedded-IPv4 form) and port. */
export function allowsAddress(entries: readonly AllowEntry[], ip: Ip, port: number): boolean {
  const v4 = embeddedIPv4(ip);
  return entries.some(
    (e) =>
      e.kind === "cidr" &&
      (e.port === null || e.port === port) &&
      (inCidr(ip, e.range) || (v4 !== null && inCidr(v4, e.range))),
  );
}
