// The server refuses a theme whose text falls below WCAG AA (4.5:1) on any surface in
// light or dark mode, with a clear 422 that names the pair, and stores nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createCollection } from "@/app/console/api/challenge-collections/route";
import { POST as createChallenge } from "@/app/console/api/challenges/route";
import { PATCH as patchChallenge } from "@/app/console/api/challenges/[id]/route";
import { db } from "@/lib/db";
import { DEMO_LADDER } from "@/lib/seed/ladder";
import { call } from "@/tests/helpers/route";
import { consoleActors, expect422, ORIGIN, type ConsoleActors } from "@/tests/helpers/console";

let a: ConsoleActors;
const asA = (handler: Parameters<typeof call>[0], opts: Parameters<typeof call>[1] = {}) =>
  call(handler, { cookie: a.ownerA.cookie, headers: ORIGIN, ...opts });
const base = { name: "Contrast", goal: "Make the assistant reveal the vault code", secret: "Vault-Contrast-55" };

beforeAll(async () => {
  a = await consoleActors();
});

describe("theme contrast at save", () => {
  it("refuses unreadable text and stores nothing", async () => {
    const before = await db.challenge.count({ where: { workspaceId: a.wsA.id } });
    const res = await asA(createChallenge, { body: { ...base, theme: { background: "#ffffff", muted: "#aaaaaa" } } });
    expect422(res, /muted text \(#aaaaaa\) on the page background \(#ffffff\) has a contrast of 2\.\d+:1 in light and dark mode/);
    expect(await db.challenge.count({ where: { workspaceId: a.wsA.id } })).toBe(before);
  });

  it("refuses the old ladder failure: a light surface under light text", async () => {
    const created = await asA(createChallenge, { body: { ...base, theme: DEMO_LADDER[3]!.theme } });
    expect(created.status, created.text).toBe(201);
    const id = (created.json as { challenge: { id: string } }).challenge.id;
    const res = await asA(patchChallenge, { method: "PATCH", params: { id }, body: { theme: { ...DEMO_LADDER[3]!.theme, "--challenge-surface": "#ffffff" } } });
    expect422(res, "cards and panels (surface)");
    const stored = await db.challenge.findUniqueOrThrow({ where: { id } });
    expect((stored.theme as Record<string, string>)["--challenge-surface"]).toBe(DEMO_LADDER[3]!.theme["--challenge-surface"]);
  });

  it("refuses colours it cannot measure, for collections too", async () => {
    expect422(await asA(createCollection, { body: { name: "Contrast", theme: { accent: "notacolor" } } }), "not a colour whose contrast can be checked");
    const ok = await asA(createCollection, { body: { name: "Contrast ok", theme: { accent: "#ffff00" } } });
    expect(ok.status, ok.text).toBe(201);
  });
});
