import { describe, expect, it } from "vitest";
import { env, resetEnvForTests } from "@/lib/env";
import {
  allowsAddress,
  allowsHost,
  forbiddenReason,
  formatIp,
  parseAllowList,
  parseCidr,
  parseIp,
} from "@/lib/http/ip";

const reason = (address: string) => {
  const ip = parseIp(address);
  if (!ip) throw new Error(`not an IP: ${address}`);
  return forbiddenReason(ip);
};

describe("forbidden outbound addresses", () => {
  it.each([
    ["127.0.0.1", /loopback/],
    ["127.255.1.2", /loopback/],
    ["10.1.2.3", /private/],
    ["172.16.0.1", /private/],
    ["172.31.255.255", /private/],
    ["192.168.1.1", /private/],
    ["100.64.0.1", /carrier-grade NAT/],
    ["100.127.255.254", /carrier-grade NAT/],
    ["169.254.169.254", /metadata/],
    ["169.254.1.1", /link-local/],
    ["0.0.0.0", /unspecified/],
    ["224.0.0.1", /multicast/],
    ["255.255.255.255", /reserved/],
    ["::", /unspecified/],
    ["::1", /loopback/],
    ["[::1]", /loopback/],
    ["fe80::1", /link-local/],
    ["fe80::1%eth0", /link-local/],
    ["fc00::1", /unique local/],
    ["fd12:3456::1", /unique local/],
    ["fd00:ec2::254", /metadata/],
    ["ff02::1", /multicast/],
    ["::ffff:127.0.0.1", /loopback.*IPv6 form/],
    ["::ffff:7f00:1", /loopback.*IPv6 form/],
    ["0:0:0:0:0:ffff:a9fe:a9fe", /metadata.*IPv6 form/],
    ["::ffff:10.0.0.1", /private.*IPv6 form/],
    ["::127.0.0.1", /loopback.*IPv6 form/],
    ["64:ff9b::a9fe:a9fe", /metadata.*IPv6 form/],
    ["2002:7f00:1::", /loopback.*IPv6 form/],
  ])("%s is refused", (address, why) => {
    expect(reason(address)).toMatch(why);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "169.255.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "%s is a public address",
    (address) => {
      expect(reason(address)).toBeNull();
    },
  );

  it("formats what it parses (mapped forms expand)", () => {
    expect(formatIp(parseIp("10.0.0.1")!)).toBe("10.0.0.1");
    expect(formatIp(parseIp("::1")!)).toBe("0:0:0:0:0:0:0:1");
    expect(parseIp("example.com")).toBeNull();
    expect(parseIp("1.2.3")).toBeNull();
  });
});

describe("OUTBOUND_ALLOW", () => {
  it("parses hosts, host:port, IPs, [IPv6]:port and CIDR ranges", () => {
    const list = parseAllowList(" ollama.internal:11434, Models.Example.COM ,10.0.5.0/24,127.0.0.1:8080,[::1]:9000,fd00::/8");
    expect(allowsHost(list, "ollama.internal", 11434)).toBe(true);
    expect(allowsHost(list, "ollama.internal", 80)).toBe(false);
    expect(allowsHost(list, "models.example.com.", 443)).toBe(true);
    expect(allowsHost(list, "other.example.com", 443)).toBe(false);
    expect(allowsAddress(list, parseIp("10.0.5.7")!, 80)).toBe(true);
    expect(allowsAddress(list, parseIp("10.0.6.7")!, 80)).toBe(false);
    expect(allowsAddress(list, parseIp("127.0.0.1")!, 8080)).toBe(true);
    expect(allowsAddress(list, parseIp("127.0.0.1")!, 8081)).toBe(false);
    expect(allowsAddress(list, parseIp("::ffff:127.0.0.1")!, 8080)).toBe(true);
    expect(allowsAddress(list, parseIp("::1")!, 9000)).toBe(true);
    expect(allowsAddress(list, parseIp("fd12::1")!, 1)).toBe(true);
  });

  it.each(["10.0.0.0/33", "host:99999", "bad host", "http://x", "1.2.3.4/8/1", "10.0.0.0/", "::1/", "10.0.0.0/+8", "10.0.0.0/ 8"])(
    "refuses %s",
    (entry) => {
      expect(() => parseAllowList(entry)).toThrow();
    },
  );

  it("an empty prefix does not open the whole address family (it used to read as /0)", () => {
    expect(() => parseCidr("10.0.0.0/")).toThrow(/invalid prefix length/);
    expect(() => parseCidr("::/")).toThrow(/invalid prefix length/);
    expect(parseCidr("10.0.0.0/8").prefix).toBe(8);
  });
});

describe("OUTBOUND_ALLOW in the environment", () => {
  it("a bad entry stops the start with a message naming it", () => {
    const before = process.env.OUTBOUND_ALLOW;
    try {
      process.env.OUTBOUND_ALLOW = "ollama.internal:11434,10.0.0.0/99";
      resetEnvForTests();
      expect(() => env.OUTBOUND_ALLOW).toThrow(/OUTBOUND_ALLOW: "10\.0\.0\.0\/99" has an invalid prefix length/);
      process.env.OUTBOUND_ALLOW = "ollama.internal:11434,10.0.0.0/8";
      resetEnvForTests();
      expect(env.OUTBOUND_ALLOW).toBe("ollama.internal:11434,10.0.0.0/8");
    } finally {
      if (before === undefined) delete process.env.OUTBOUND_ALLOW;
      else process.env.OUTBOUND_ALLOW = before;
      resetEnvForTests();
    }
  });
});
