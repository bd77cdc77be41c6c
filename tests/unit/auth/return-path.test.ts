import { describe, expect, it } from "vitest";
import { authHref, DEFAULT_AFTER_LOGIN, returnPathFor, safeNextPath } from "@/lib/auth/safe-next";

describe("safeNextPath: where a sign-in returns to", () => {
  it("keeps a same-origin path with its query and fragment", () => {
    expect(safeNextPath("/challenges/abc")).toBe("/challenges/abc");
    expect(safeNextPath("/challenges/abc?collection=c1#hints")).toBe("/challenges/abc?collection=c1#hints");
    expect(safeNextPath(["/leaderboard", "/console"])).toBe("/leaderboard");
  });

  it("lands players on the challenges, not the console, without a return path", () => {
    expect(DEFAULT_AFTER_LOGIN).toBe("/challenges");
    expect(safeNextPath(undefined)).toBe("/challenges");
    expect(safeNextPath(null)).toBe("/challenges");
    expect(safeNextPath("")).toBe("/challenges");
  });

  it.each([
    ["protocol-relative", "//evil.com"],
    ["protocol-relative with path", "//evil.com/challenges"],
    ["absolute https", "https://evil.com/"],
    ["absolute http", "http://evil.com"],
    ["javascript scheme", "javascript:alert(1)"],
    ["backslash host", "/\\evil.com"],
    ["backslashes", "\\\\evil.com"],
    ["backslash later", "/a\\..\\\\evil.com"],
    ["tab re-forming //", "/\t/evil.com"],
    ["newline", "/\n/evil.com"],
    ["relative", "challenges"],
    ["dot-dot to //", "/..//evil.com"],
    ["encoded is kept a path", "/%2F%2Fevil.com"],
    ["too long", `/${"a".repeat(3000)}`],
  ])("refuses %s (%s)", (_label, value) => {
    const out = safeNextPath(value);
    // Either refused outright, or reduced to a path on this origin that cannot leave it.
    expect(out.startsWith("/")).toBe(true);
    expect(out.startsWith("//")).toBe(false);
    expect(out).not.toContain("\\");
    expect(new URL(out, "https://gauntlet.example").origin).toBe("https://gauntlet.example");
    if (value !== "/%2F%2Fevil.com") expect(out).toBe("/challenges");
  });
});

describe("the header's Log in and Register links", () => {
  it("carry the page the person is on", () => {
    expect(returnPathFor("/challenges/abc", "?collection=c1")).toBe("/challenges/abc?collection=c1");
    expect(authHref("/login", returnPathFor("/challenges/abc", ""))).toBe("/login?next=%2Fchallenges%2Fabc");
    expect(authHref("/register", returnPathFor("/leaderboard", ""))).toBe("/register?next=%2Fleaderboard");
  });

  it("on the login pages keep the return path and the invite's event code they carry", () => {
    expect(returnPathFor("/login", "?next=%2Fchallenges%2Fabc")).toBe("/challenges/abc");
    expect(returnPathFor("/register", "?next=%2F%2Fevil.com")).toBe("/challenges");
    expect(returnPathFor("/login", "")).toBeNull();
    expect(authHref("/login", "/challenges/x", "ABCD2345")).toBe("/login?next=%2Fchallenges%2Fx&event=ABCD2345");
    expect(authHref("/register", null)).toBe("/register");
  });
});
