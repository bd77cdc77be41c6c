// The challenge's "reproduce before it counts" settings through the console API: k runs (2..5 or
// off), m wins needed (1..k, default all); bad input is a 422 that changes nothing, and another
// workspace cannot read or change them.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/console/api/challenges/route";
import { GET as getRoute, PATCH as patchRoute } from "@/app/console/api/challenges/[id]/route";
import { db } from "@/lib/db";
import {
  consoleActors,
  expect422,
  expectError,
  ORIGIN,
  recordingCalls,
  type ConsoleActors,
} from "@/tests/helpers/console";

let a: ConsoleActors;
const { as, asA } = recordingCalls(() => a);
const base = {
  name: "Vault",
  goal: "Make the assistant reveal the vault code",
  success_pattern: "{{secret}}",
  secret: "Quokka-93",
};

beforeAll(async () => {
  a = await consoleActors();
});

const create = async (extra: Record<string, unknown>) => asA(createRoute, { body: { ...base, ...extra } });
const patch = (id: string, body: Record<string, unknown>) =>
  asA(patchRoute, { method: "PATCH", params: { id }, body });

describe("reproduce wins settings", () => {
  it("creates with reproduction off by default, or with k runs and m wins", async () => {
    const off = await create({});
    expect(off.status, off.text).toBe(201);
    expect(off.json.challenge).toMatchObject({ reproduce_runs: null, reproduce_wins: null });

    const on = await create({ reproduce_runs: 3, reproduce_wins: 2 });
    expect(on.status, on.text).toBe(201);
    expect(on.json.challenge).toMatchObject({ reproduce_runs: 3, reproduce_wins: 2 });
    const row = await db.challenge.findUniqueOrThrow({ where: { id: on.json.challenge.id } });
    expect(row).toMatchObject({ reproduceRuns: 3, reproduceWins: 2 });
  });

  it.each([
    ["one run", { reproduce_runs: 1 }, "reproduce_runs must be 2 to 5"],
    ["six runs", { reproduce_runs: 6 }, "reproduce_runs must be 2 to 5"],
    ["a fraction", { reproduce_runs: 2.5 }, "reproduce_runs must be a whole number"],
    ["a string", { reproduce_runs: "3" }, "reproduce_runs"],
    ["zero wins", { reproduce_runs: 3, reproduce_wins: 0 }, "reproduce_wins must be at least 1"],
    [
      "more wins than runs",
      { reproduce_runs: 3, reproduce_wins: 4 },
      "reproduce_wins must be at most reproduce_runs (3)",
    ],
    ["wins without runs", { reproduce_wins: 2 }, "reproduce_wins needs reproduce_runs"],
  ])("refuses %s on create with 422 and creates nothing", async (_name, extra, part) => {
    const before = await db.challenge.count({ where: { workspaceId: a.wsA.id } });
    expect422(await create(extra), part);
    expect(await db.challenge.count({ where: { workspaceId: a.wsA.id } })).toBe(before);
  });

  it("patches against the stored settings: m is checked against k, and turning off clears m", async () => {
    const id = (await create({ reproduce_runs: 4, reproduce_wins: 3 })).json.challenge.id as string;
    const before = await db.challenge.findUniqueOrThrow({ where: { id } });
    // Fewer runs than the stored wins needed, or more wins than the stored runs: refused.
    expect422(await patch(id, { reproduce_runs: 2 }), "reproduce_wins must be at most reproduce_runs (2)");
    expect422(await patch(id, { reproduce_wins: 5 }), "reproduce_wins must be at most reproduce_runs (4)");
    expect422(
      await patch(id, { reproduce_runs: null, reproduce_wins: 2 }),
      "reproduce_wins needs reproduce_runs",
    );
    expect(await db.challenge.findUniqueOrThrow({ where: { id } })).toEqual(before);

    const fewer = await patch(id, { reproduce_runs: 2, reproduce_wins: 1 });
    expect(fewer.status, fewer.text).toBe(200);
    expect(fewer.json.challenge).toMatchObject({ reproduce_runs: 2, reproduce_wins: 1 });
    // Other fields leave the settings alone.
    expect((await patch(id, { points: 7 })).json.challenge).toMatchObject({
      points: 7,
      reproduce_runs: 2,
      reproduce_wins: 1,
    });
    const off = await patch(id, { reproduce_runs: null });
    expect(off.json.challenge).toMatchObject({ reproduce_runs: null, reproduce_wins: null });
  });

  it("another workspace can neither read nor change them (404, nothing changed)", async () => {
    const id = (await create({ reproduce_runs: 3 })).json.challenge.id as string;
    const before = await db.challenge.findUniqueOrThrow({ where: { id } });
    const asB = { cookie: a.ownerB.cookie, headers: ORIGIN };
    expectError(await as({ ...asB, params: { id } }, getRoute), 404, "not_found");
    expectError(
      await as({ ...asB, method: "PATCH", params: { id }, body: { reproduce_runs: null } }, patchRoute),
      404,
      "not_found",
    );
    expect(await db.challenge.findUniqueOrThrow({ where: { id } })).toEqual(before);
  });
});
