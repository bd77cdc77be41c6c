// Leaving the builder with unsaved changes asks first. Which link clicks leave the
// page (and so ask) and which do not (new tab, download, same-page anchor).
import { describe, expect, it } from "vitest";
import { leavesPage } from "@/components/builder/unsaved-guard";

const here = new URL("http://localhost:3000/console/demo/challenges/c1/workflow?tab=1");
const anchor = (attrs: Record<string, string>) =>
  ({ getAttribute: (n: string) => attrs[n] ?? null, hasAttribute: (n: string) => n in attrs }) as unknown as HTMLAnchorElement;
const click = (over: Partial<MouseEvent> = {}) =>
  ({ button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, ...over }) as MouseEvent;

describe("leavesPage", () => {
  it("asks for links that navigate this tab away", () => {
    expect(leavesPage(anchor({ href: "/console/demo/challenges/c1" }), click(), here)).toBe(true);
    expect(leavesPage(anchor({ href: "https://example.com/" }), click(), here)).toBe(true);
    expect(leavesPage(anchor({ href: "/console/demo/challenges/c1/workflow" }), click(), here)).toBe(true);
    expect(leavesPage(anchor({ href: "/x", target: "_self" }), click(), here)).toBe(true);
  });

  it("does not ask when the page stays (or another tab opens)", () => {
    expect(leavesPage(anchor({ href: "#issues" }), click(), here)).toBe(false);
    expect(leavesPage(anchor({ href: "/console/demo/challenges/c1/workflow?tab=1#x" }), click(), here)).toBe(false);
    expect(leavesPage(anchor({ href: "/x", target: "_blank" }), click(), here)).toBe(false);
    expect(leavesPage(anchor({ href: "/x", download: "" }), click(), here)).toBe(false);
    expect(leavesPage(anchor({ href: "/x" }), click({ ctrlKey: true }), here)).toBe(false);
    expect(leavesPage(anchor({ href: "/x" }), click({ button: 1 }), here)).toBe(false);
    expect(leavesPage(anchor({ href: "mailto:a@b.c" }), click(), here)).toBe(false);
    expect(leavesPage(anchor({}), click(), here)).toBe(false);
  });
});
