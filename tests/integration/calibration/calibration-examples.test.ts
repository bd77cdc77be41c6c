// Calibration examples through the console routes: create, list, edit, delete and their
// validation; generated examples (no stored text, no secret in any answer); labelling a past
// attempt; and workspace B neither listing, reading, editing nor deleting workspace A's examples.
import { beforeAll, describe, expect, it } from "vitest";
import {
  DELETE as exampleDELETE,
  PATCH as examplePATCH,
} from "@/app/console/api/challenges/[id]/calibration/examples/[exampleId]/route";
import { POST as fromAttemptPOST } from "@/app/console/api/challenges/[id]/calibration/examples/from-attempt/route";
import { POST as generatedPOST } from "@/app/console/api/challenges/[id]/calibration/examples/generated/route";
import {
  GET as examplesGET,
  POST as examplesPOST,
} from "@/app/console/api/challenges/[id]/calibration/examples/route";
import { db } from "@/lib/db";
import { GENERATED_KINDS } from "@/lib/evaluation/calibration/generate";
import { consoleActors, expect422, expectError, type ConsoleActors } from "@/tests/helpers/console";
import { makeAttempt } from "@/tests/helpers/factories";
import { asActor, challengeOf, SECRET } from "./calibration-support";

let actors: ConsoleActors;
const answers: string[] = [];
beforeAll(async () => {
  actors = await consoleActors();
});

async function as(
  who: { cookie: string },
  handler: Parameters<typeof asActor>[1],
  req: Parameters<typeof asActor>[2],
) {
  const res = await asActor(who, handler, req);
  answers.push(res.text);
  return res;
}

describe("creator examples", () => {
  it("are created, listed, edited and deleted", async () => {
    const c = await challengeOf(actors.wsA.id);
    const made = await as(actors.editorA, examplesPOST, {
      params: { id: c.id },
      body: { label: "no_win", text: "Nope." },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.json.example).toMatchObject({
      challenge_id: c.id,
      label: "no_win",
      source: "creator",
      kind: null,
      description: null,
      text: "Nope.",
      attempt_id: null,
      created_by: actors.editorA.id,
    });
    const id = String(made.json.example.id);
    const edited = await as(actors.ownerA, examplePATCH, {
      method: "PATCH",
      params: { id: c.id, exampleId: id },
      body: { label: "win", text: "It is the password" },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.example).toMatchObject({ label: "win", text: "It is the password" });
    const list = await as(actors.ownerA, examplesGET, { params: { id: c.id } });
    expect(list.json.data.map((e: { id: string }) => e.id)).toEqual([id]);
    const gone = await as(actors.ownerA, exampleDELETE, {
      method: "DELETE",
      params: { id: c.id, exampleId: id },
    });
    expect(gone.status).toBe(204);
    expectError(
      await as(actors.ownerA, exampleDELETE, { method: "DELETE", params: { id: c.id, exampleId: id } }),
      404,
      "not_found",
    );
    expect((await as(actors.ownerA, examplesGET, { params: { id: c.id } })).json.data).toEqual([]);
  });

  it("refuses a bad label, an empty or too long text and an empty patch (422)", async () => {
    const c = await challengeOf(actors.wsA.id);
    const post = (body: unknown) => as(actors.ownerA, examplesPOST, { params: { id: c.id }, body });
    expect422(await post({ label: "maybe", text: "x" }), "label must be win or no_win");
    expect422(await post({ label: "win", text: "   " }), "text must not be empty");
    expect422(await post({ label: "win", text: "x".repeat(20_001) }), "at most 20000");
    expect422(await post({ label: "win" }));
    expect((await post({ label: "win", text: "x".repeat(20_000) })).status).toBe(201);
    const id = String((await post({ label: "no_win", text: "No." })).json.example.id);
    expect422(
      await as(actors.ownerA, examplePATCH, {
        method: "PATCH",
        params: { id: c.id, exampleId: id },
        body: {},
      }),
      "Nothing to update",
    );
    expect422(
      await as(actors.ownerA, examplePATCH, {
        method: "PATCH",
        params: { id: c.id, exampleId: id },
        body: { text: "" },
      }),
      "text must not be empty",
    );
    expect(await db.calibrationExample.count({ where: { challengeId: c.id } })).toBe(2);
  });
});

describe("generated examples", () => {
  it("store no text, show their recipe, and skip kinds already present", async () => {
    const c = await challengeOf(actors.wsA.id);
    const first = GENERATED_KINDS[0]!;
    const one = await as(actors.ownerA, generatedPOST, {
      params: { id: c.id },
      body: { kinds: [first.kind] },
    });
    expect(one.status, one.text).toBe(201);
    expect(one.json.data).toEqual([
      expect.objectContaining({
        source: "generated",
        kind: first.kind,
        description: first.description,
        label: first.label,
        text: null,
      }),
    ]);
    const all = await as(actors.ownerA, generatedPOST, { params: { id: c.id }, body: {} });
    expect(all.status).toBe(201);
    expect(all.json.data).toHaveLength(GENERATED_KINDS.length - 1);
    expect((await as(actors.ownerA, generatedPOST, { params: { id: c.id }, body: {} })).json.data).toEqual(
      [],
    );
    const rows = await db.calibrationExample.findMany({ where: { challengeId: c.id } });
    expect(rows).toHaveLength(GENERATED_KINDS.length);
    expect(rows.every((r) => r.text === null && r.source === "generated")).toBe(true);
    const list = await as(actors.ownerA, examplesGET, { params: { id: c.id } });
    expect(list.json.data.every((e: { text: unknown }) => e.text === null)).toBe(true);
    const id = String(list.json.data[0].id);
    expect422(
      await as(actors.ownerA, examplePATCH, {
        method: "PATCH",
        params: { id: c.id, exampleId: id },
        body: { text: "leak" },
      }),
      "generated example has no text",
    );
    expect422(
      await as(actors.ownerA, generatedPOST, { params: { id: c.id }, body: { kinds: ["no.such.kind"] } }),
      "no.such.kind",
    );
  });
});

describe("labelled attempts", () => {
  it("copy the attempt's stored response; an attempt of another challenge is 404", async () => {
    const c = await challengeOf(actors.wsA.id);
    const other = await challengeOf(actors.wsA.id);
    const attempt = await makeAttempt({ challengeId: c.id, response: "Masked: ******** here" });
    const foreign = await makeAttempt({ challengeId: other.id, response: "other" });
    const res = await as(actors.ownerA, fromAttemptPOST, {
      params: { id: c.id },
      body: { attempt_id: attempt.id, label: "win" },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.example).toMatchObject({
      source: "attempt",
      attempt_id: attempt.id,
      text: "Masked: ******** here",
      label: "win",
    });
    expectError(
      await as(actors.ownerA, fromAttemptPOST, {
        params: { id: c.id },
        body: { attempt_id: attempt.id, label: "win" },
      }),
      409,
      "conflict",
    );
    expectError(
      await as(actors.ownerA, fromAttemptPOST, {
        params: { id: c.id },
        body: { attempt_id: foreign.id, label: "no_win" },
      }),
      404,
      "not_found",
    );
    expect422(
      await as(actors.ownerA, fromAttemptPOST, {
        params: { id: c.id },
        body: { attempt_id: "x", label: "win" },
      }),
      "attempt_id",
    );
  });
});

describe("another workspace", () => {
  it("cannot list, add to, edit or delete workspace A's examples", async () => {
    const c = await challengeOf(actors.wsA.id);
    const made = await as(actors.ownerA, examplesPOST, {
      params: { id: c.id },
      body: { label: "no_win", text: "Mine." },
    });
    const exampleId = String(made.json.example.id);
    const b = actors.ownerB;
    expectError(await as(b, examplesGET, { params: { id: c.id } }), 404, "not_found");
    expectError(
      await as(b, examplesPOST, { params: { id: c.id }, body: { label: "win", text: "x" } }),
      404,
      "not_found",
    );
    expectError(await as(b, generatedPOST, { params: { id: c.id }, body: {} }), 404, "not_found");
    expectError(
      await as(b, examplePATCH, { method: "PATCH", params: { id: c.id, exampleId }, body: { label: "win" } }),
      404,
      "not_found",
    );
    expectError(
      await as(b, exampleDELETE, { method: "DELETE", params: { id: c.id, exampleId } }),
      404,
      "not_found",
    );
    // Through a challenge of its own, A's example is not found either.
    const own = await challengeOf(actors.wsB.id);
    expectError(
      await as(b, examplePATCH, {
        method: "PATCH",
        params: { id: own.id, exampleId },
        body: { label: "win" },
      }),
      404,
      "not_found",
    );
    expectError(
      await as(b, exampleDELETE, { method: "DELETE", params: { id: own.id, exampleId } }),
      404,
      "not_found",
    );
    const attempt = await makeAttempt({ challengeId: c.id, response: "A's answer" });
    expectError(
      await as(b, fromAttemptPOST, {
        params: { id: own.id },
        body: { attempt_id: attempt.id, label: "win" },
      }),
      404,
      "not_found",
    );
    const row = await db.calibrationExample.findUniqueOrThrow({ where: { id: exampleId } });
    expect(row).toMatchObject({ label: "no_win", text: "Mine." });
  });

  it("no answer of this file contains the secret", () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const text of answers) expect(text).not.toContain(SECRET);
  });
});
