import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script without type declarations (allowJs is off)
import { CHROMIUM_CANDIDATES, chromiumPlan, MISSING_MESSAGE } from "@/scripts/ensure-chromium.mjs";

const none = () => false;

describe("scripts/ensure-chromium.mjs (npm run test:e2e brings its browser)", () => {
  it("uses CHROMIUM_PATH or the first system Chromium that exists", () => {
    expect(
      chromiumPlan({
        chromiumPath: "/opt/c",
        exists: (p: string) => p === "/opt/c",
        isRoot: true,
        hasAptGet: true,
      }),
    ).toEqual({
      action: "ok",
      path: "/opt/c",
    });
    const second = CHROMIUM_CANDIDATES[1];
    expect(chromiumPlan({ exists: (p: string) => p === second, isRoot: false, hasAptGet: false })).toEqual({
      action: "ok",
      path: second,
    });
  });

  it("installs Debian's chromium only as root with apt-get, else stops with one line", () => {
    expect(chromiumPlan({ exists: none, isRoot: true, hasAptGet: true })).toEqual({ action: "install" });
    for (const s of [
      { isRoot: false, hasAptGet: true },
      { isRoot: true, hasAptGet: false },
    ]) {
      const plan = chromiumPlan({ exists: none, ...s });
      expect(plan).toEqual({ action: "missing", message: MISSING_MESSAGE });
      expect(plan.message).not.toContain("\n");
    }
    // A CHROMIUM_PATH that points nowhere is named, not silently replaced by an install.
    const wrong = chromiumPlan({ chromiumPath: "/nope", exists: none, isRoot: true, hasAptGet: true });
    expect(wrong.action).toBe("missing");
    expect(wrong.message).toContain("CHROMIUM_PATH=/nope");
  });
});
