import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { clientKey, forwardingTrusted, parseTrustProxy } from "@/lib/http/client-ip";
import { installPeerAddressHook, PEER_ADDRESS_HEADER } from "@/lib/http/peer-address";

describe("clientKey without a peer address (fallback)", () => {
  it.each<{ name: string; headers: Record<string, string>; key: string }>([
    {
      // Without a peer address (hook not installed) the nearest hop, never the client-chosen first.
      name: "nearest X-Forwarded-For entry",
      headers: { "x-forwarded-for": " 203.0.113.7 , 10.0.0.1" },
      key: "10.0.0.1",
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
    { name: "IPv4 with port", headers: { "x-forwarded-for": "203.0.113.7:51234" }, key: "203.0.113.7" },
    { name: "IPv4-mapped IPv6", headers: { "x-forwarded-for": "::ffff:203.0.113.7" }, key: "203.0.113.7" },
    { name: "IPv4-mapped IPv6 in hex", headers: { "x-forwarded-for": "::ffff:cb00:7107" }, key: "203.0.113.7" },
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

  it("gives a request without any address a key of its own, never a shared one", () => {
    const a = clientKey(new Headers());
    const b = clientKey(new Headers());
    expect(a).toMatch(/^unidentified:/);
    expect(a).not.toBe(b);
  });
});

describe("TRUST_PROXY", () => {
  const off = parseTrustProxy(undefined);
  const oneHop = parseTrustProxy("1");
  const twoHops = parseTrustProxy("2");
  const cidrs = parseTrustProxy("10.0.0.0/8, 192.168.1.4,fd00::/8");

  beforeAll(() => installPeerAddressHook());
  const req = (peer: string, more: Record<string, string> = {}) => new Headers({ [PEER_ADDRESS_HEADER]: peer, ...more });

  it("parses off, hop counts and CIDR lists, and refuses anything else", () => {
    for (const v of [undefined, "", " 0 ", "off", "false"]) expect(parseTrustProxy(v).kind).toBe("off");
    expect(oneHop).toEqual({ kind: "hops", hops: 1 });
    expect(cidrs.kind).toBe("cidrs");
    for (const bad of ["yes", "10.0.0.0/33", "10.0.0/8", "fd00::/129", "1.2.3.4/8/9", "99", "example.com"]) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it("off: the socket address is the client, whatever forwarding headers say", () => {
    for (let i = 0; i < 5; i++) {
      const h = req("::ffff:198.51.100.9", { "x-forwarded-for": `203.0.113.${i}`, "x-real-ip": `192.0.2.${i}` });
      expect(clientKey(h, off)).toBe("198.51.100.9");
    }
  });

  it("hop count: the Nth X-Forwarded-For entry from the right", () => {
    const h = req("10.1.1.1", { "x-forwarded-for": "6.6.6.6, 203.0.113.5, 10.2.2.2" });
    expect(clientKey(h, oneHop)).toBe("10.2.2.2");
    expect(clientKey(h, twoHops)).toBe("203.0.113.5");
    // Fewer entries than hops: the furthest one.
    expect(clientKey(req("10.1.1.1", { "x-forwarded-for": "203.0.113.5" }), twoHops)).toBe("203.0.113.5");
    // No forwarding header at all: the peer.
    expect(clientKey(req("198.51.100.3"), oneHop)).toBe("198.51.100.3");
  });

  it("CIDRs: walks right to left past trusted proxies; an untrusted peer is the client", () => {
    const h = req("10.1.1.1", { "x-forwarded-for": "6.6.6.6, 203.0.113.5, 192.168.1.4, 10.9.9.9" });
    expect(clientKey(h, cidrs)).toBe("203.0.113.5");
    const direct = req("198.51.100.7", { "x-forwarded-for": "6.6.6.6" });
    expect(clientKey(direct, cidrs)).toBe("198.51.100.7");
    expect(clientKey(req("::ffff:10.0.0.2", { "x-forwarded-for": "203.0.113.8" }), cidrs)).toBe("203.0.113.8");
  });

  it("X-Forwarded-Host is believed only from a trusted proxy", () => {
    expect(forwardingTrusted(req("10.1.1.1"), off)).toBe(false);
    expect(forwardingTrusted(req("10.1.1.1"), oneHop)).toBe(true);
    expect(forwardingTrusted(req("10.1.1.1"), cidrs)).toBe(true);
    expect(forwardingTrusted(req("198.51.100.7"), cidrs)).toBe(false);
  });
});

describe("peer-address hook on a real HTTP server", () => {
  it("records the socket address and replaces a client-sent copy of the internal header", async () => {
    installPeerAddressHook();
    const seen: string[] = [];
    const server = createServer((request, response) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
      seen.push(clientKey(headers, parseTrustProxy(undefined)));
      response.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      for (let i = 1; i <= 3; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/`, {
          headers: { "x-forwarded-for": `203.0.113.${i}`, [PEER_ADDRESS_HEADER]: `192.0.2.${i}` },
        });
        expect(await res.text()).toBe("ok");
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(seen).toEqual(["127.0.0.1", "127.0.0.1", "127.0.0.1"]);
  });
});
