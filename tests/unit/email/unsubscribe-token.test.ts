import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import {
  signUnsubscribeToken,
  UNSUBSCRIBE_PURPOSE,
  unsubscribeUrls,
  verifyUnsubscribeToken,
} from "@/lib/email/unsubscribe-token";

const ACCOUNT = "0192f0c1-7a2b-7c3d-8e4f-a1b2c3d4e5f6";
const ORIGINAL_SECRET = process.env.AUTH_SECRET;

afterEach(() => {
  process.env.AUTH_SECRET = ORIGINAL_SECRET;
  delete process.env.APP_URL;
  resetEnvForTests();
});

describe("unsubscribe token", () => {
  it("names the purpose and the account, and verifies back to the account", () => {
    const token = signUnsubscribeToken(ACCOUNT);
    expect(token.startsWith(`${UNSUBSCRIBE_PURPOSE}.${ACCOUNT}.`)).toBe(true);
    expect(verifyUnsubscribeToken(token)).toBe(ACCOUNT);
    // Deterministic: the link in an old mail stays the same and keeps working.
    expect(signUnsubscribeToken(ACCOUNT)).toBe(token);
  });

  it("refuses a token whose account id was swapped for another", () => {
    const token = signUnsubscribeToken(ACCOUNT);
    const other = "0192f0c1-7a2b-7c3d-8e4f-000000000000";
    expect(verifyUnsubscribeToken(token.replace(ACCOUNT, other))).toBeNull();
  });

  it("refuses a tampered signature, purpose, or shape", () => {
    const token = signUnsubscribeToken(ACCOUNT);
    const sig = token.split(".")[2]!;
    const flipped = sig.slice(0, -1) + (sig.endsWith("A") ? "B" : "A");
    expect(verifyUnsubscribeToken(`${UNSUBSCRIBE_PURPOSE}.${ACCOUNT}.${flipped}`)).toBeNull();
    expect(verifyUnsubscribeToken(`${UNSUBSCRIBE_PURPOSE}.${ACCOUNT}.${sig.slice(1)}`)).toBeNull();
    expect(verifyUnsubscribeToken(`other-purpose.${ACCOUNT}.${sig}`)).toBeNull();
    expect(verifyUnsubscribeToken(`${token}.extra`)).toBeNull();
    expect(verifyUnsubscribeToken(`${UNSUBSCRIBE_PURPOSE}.${ACCOUNT}`)).toBeNull();
    for (const bad of ["", "...", null, undefined, 42, { token }, "x".repeat(300)]) {
      expect(verifyUnsubscribeToken(bad)).toBeNull();
    }
  });

  it("is revoked by rotating AUTH_SECRET", () => {
    const token = signUnsubscribeToken(ACCOUNT);
    process.env.AUTH_SECRET = "a-different-auth-secret-0123456789abcdef0123456789";
    resetEnvForTests();
    expect(verifyUnsubscribeToken(token)).toBeNull();
    expect(verifyUnsubscribeToken(signUnsubscribeToken(ACCOUNT))).toBe(ACCOUNT);
  });

  it("will not sign something that is not an account id", () => {
    expect(() => signUnsubscribeToken("a.b")).toThrow();
    expect(() => signUnsubscribeToken("")).toThrow();
  });

  it("builds absolute page and one-click URLs on APP_URL", () => {
    process.env.APP_URL = "https://play.example.org";
    resetEnvForTests();
    const { page, oneClick } = unsubscribeUrls(ACCOUNT);
    const p = new URL(page);
    const o = new URL(oneClick);
    expect(p.origin).toBe("https://play.example.org");
    expect(p.pathname).toBe("/notifications/unsubscribe");
    expect(o.pathname).toBe("/web/api/notifications/unsubscribe");
    expect(verifyUnsubscribeToken(p.searchParams.get("token"))).toBe(ACCOUNT);
    expect(o.searchParams.get("token")).toBe(p.searchParams.get("token"));
  });
});
