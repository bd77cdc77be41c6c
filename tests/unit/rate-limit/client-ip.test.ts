import { describe, expect, it } from "vitest";
import { clientKey } from "@/lib/http/client-ip";

describe("clientKey", () => {
  it.each<{ name: string; headers: Record<string, string>; key: string }>([
    {
      name: "first X-Forwarded-For entry",
      headers: { "x-forwarded-for": " 203.0.113.7 , 10.0.0.1" },
      key: "203.0.113.7",
    },
    {
      name: "X-Real-IP when no X-Forwarded-For",
      headers: { "x-real-ip": " 198.51.100.2 " },
      key: "198.51.100.2",
    },
    {
      name: "X-Forwarded-For wins over X-Real-IP",
      headers: { "x-forwarded-for": "203.0.113.7", "x-real-ip": "198.51.100.2" },
      key: "203.0.113.7",
    },
    {
      name: "empty X-Forwarded-For falls through",
      headers: { "x-forwarded-for": " ", "x-real-ip": "198.51.100.2" },
      key: "198.51.100.2",
    },
    { name: "no headers", headers: {}, key: "unknown" },
    { name: "IPv4 with port", headers: { "x-forwarded-for": "203.0.113.7:51234" }, key: "203.0.113.7" },
    { name: "IPv4-mapped IPv6", headers: { "x-forwarded-for": "::ffff:203.0.113.7" }, key: "203.0.113.7" },
    {
      name: "IPv6 grouped by /64",
      headers: { "x-forwarded-for": "2001:DB8:0:1:aaaa:bbbb:cccc:dddd" },
      key: "2001:db8:0:1::/64",
    },
    { name: "compressed IPv6", headers: { "x-forwarded-for": "2001:db8::1" }, key: "2001:db8:0:0::/64" },
    {
      name: "bracketed IPv6 with port",
      headers: { "x-forwarded-for": "[2001:db8:0:1::5]:443" },
      key: "2001:db8:0:1::/64",
    },
    { name: "IPv6 with zone", headers: { "x-forwarded-for": "fe80::1%eth0" }, key: "fe80:0:0:0::/64" },
    { name: "loopback", headers: { "x-forwarded-for": "::1" }, key: "0:0:0:0::/64" },
    { name: "not an address", headers: { "x-forwarded-for": "Some-Host" }, key: "some-host" },
  ])("$name", ({ headers, key }) => {
    expect(clientKey(new Headers(headers))).toBe(key);
  });

  it("two addresses in one /64 share a key; different /64s do not", () => {
    const k = (ip: string) => clientKey(new Headers({ "x-forwarded-for": ip }));
    expect(k("2001:db8:1:2::a")).toBe(k("2001:db8:1:2:ffff::b"));
    expect(k("2001:db8:1:2::a")).not.toBe(k("2001:db8:1:3::a"));
  });

  it("caps the length of garbage values", () => {
    expect(clientKey(new Headers({ "x-forwarded-for": "x".repeat(5000) }))).toHaveLength(64);
  });
});
