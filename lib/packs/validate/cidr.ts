// CIDR notation as Go's net.ParseCIDR reads it: an IPv4 or IPv6 address (no zone), "/", and a
// decimal prefix length no longer than the address. IPv4 octets take no leading zeros.

function parseIPv4(text: string): number[] | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^[0-9]{1,3}$/.test(part) || (part.length > 1 && part.startsWith("0"))) return undefined;
    const value = Number(part);
    if (value > 255) return undefined;
    bytes.push(value);
  }
  return bytes;
}

function parseIPv6(text: string): boolean {
  if (text.includes("%")) return false;
  const halves = text.split("::");
  if (halves.length > 2) return false;
  let groups = 0;
  for (let h = 0; h < halves.length; h++) {
    const half = halves[h] ?? "";
    if (half === "") continue;
    const fields = half.split(":");
    for (let f = 0; f < fields.length; f++) {
      const field = fields[f] ?? "";
      const lastOfAll = h === halves.length - 1 && f === fields.length - 1;
      if (lastOfAll && field.includes(".")) {
        if (!parseIPv4(field)) return false;
        groups += 2;
      } else if (/^[0-9A-Fa-f]{1,4}$/.test(field)) groups += 1;
      else return false;
    }
  }
  // Without "::" the address needs all 8 groups; with it, "::" stands for at least one.
  return halves.length === 1 ? groups === 8 : groups <= 7;
}

/** True when Go's net.ParseCIDR accepts the text. */
export function isValidCidr(text: string): boolean {
  const slash = text.indexOf("/");
  if (slash === -1) return false;
  const address = text.slice(0, slash);
  const prefix = text.slice(slash + 1);
  let bits: number;
  if (parseIPv4(address)) bits = 32;
  else if (address.includes(":") && parseIPv6(address)) bits = 128;
  else return false;
  if (!/^[0-9]+$/.test(prefix)) return false;
  return Number(prefix) <= bits;
}
