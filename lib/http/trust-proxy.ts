import { BlockList, isIPv4, isIPv6 } from "node:net";

// TRUST_PROXY (which reverse proxies' forwarding headers are believed), parsed. Pure: lib/env.ts
// validates the setting with it and lib/http/client-ip.ts applies it.

export type TrustProxy =
  | { kind: "off" }
  | { kind: "hops"; hops: number }
  | { kind: "cidrs"; list: BlockList };

const OFF = new Set(["", "0", "off", "false", "no", "none"]);
const MAX_HOPS = 16;

/** Parses TRUST_PROXY; throws with a readable message when it is not valid. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? "").trim().toLowerCase();
  if (OFF.has(value)) return { kind: "off" };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) throw new Error(`TRUST_PROXY hop count must be at most ${MAX_HOPS}`);
    return { kind: "hops", hops };
  }
  const list = new BlockList();
  for (const part of value.split(",").map((p) => p.trim())) {
    if (!part) continue;
    const [address = "", prefixText, extra] = part.split("/");
    if (extra !== undefined) throw new Error(`TRUST_PROXY: not an address or CIDR: ${part}`);
    const family = isIPv4(address) ? "ipv4" : isIPv6(address) ? "ipv6" : null;
    if (!family) throw new Error(`TRUST_PROXY: not an address or CIDR: ${part}`);
    const max = family === "ipv4" ? 32 : 128;
    const prefix = prefixText === undefined ? max : Number(prefixText);
    if (!/^\d+$/.test(prefixText ?? String(max)) || prefix > max) {
      throw new Error(`TRUST_PROXY: bad prefix length in ${part}`);
    }
    list.addSubnet(address, prefix, family);
  }
  return { kind: "cidrs", list };
}

/** Error message for lib/env.ts, or null when the value is valid. */
export function trustProxyError(raw: string | undefined): string | null {
  try {
    parseTrustProxy(raw);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
