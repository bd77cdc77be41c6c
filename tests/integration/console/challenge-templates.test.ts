import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/console/api/challenges/[id]/attempts/export/route";
import { POST as attemptRoute } from "@/app/web/api/challenges/[id]/attempts/route";
import { createSessionToken } from "@/lib/auth/session";
import { csvField } from "@/lib/csv";
import { db } from "@/lib/db";
import { createChallengeFromTemplate, duplicateChallenge, getChallenge } from "@/lib/services/challenges";
import { getSecretValue, setSecret } from "@/lib/services/secrets";
import { getWorkflow, publishWorkflow } from "@/lib/services/workflows";
import { validateDraft } from "@/lib/contracts/workflows";
import { CHALLENGE_TEMPLATES, findTemplate, TEMPLATE_IDS } from "@/lib/workflow/templates";
import { consoleActors, ORIGIN, type ConsoleActors } from "@/tests/helpers/console";
import { makeApp, makeAttempt, makeChallenge, makeCollection } from "@/tests/helpers/factories";
import { call } from "@/tests/helpers/route";

const SECRET = "Pelican-Template-Secret-41";

let a: ConsoleActors;
let playerBearer: string;

beforeAll(async () => {
  a = await consoleActors();
  playerBearer = await createSessionToken(await db.account.findUniqueOrThrow({ where: { id: a.player.id } }));
});

describe("challenge templates", () => {
  it("offers the five defenses, each graph valid under the workflow validator", () => {
    expect(CHALLENGE_TEMPLATES.map((t) => t.id)).toEqual([...TEMPLATE_IDS]);
    for (const t of CHALLENGE_TEMPLATES) {
      const check = validateDraft(t.graph());
      expect(check.ok, `${t.id}: ${JSON.stringify(check)}`).toBe(true);
      // Fresh data every call: a caller editing one graph never changes the next.
      expect(t.graph()).not.toBe(t.graph());
    }
    const types = (id: string) =>
      findTemplate(id)!
        .graph()
        .nodes.map((n) => n.type);
    expect(types("gatekeeper")).toEqual(["start", "llm", "challenge-evaluator", "answer"]);
    expect(types("input-filter")).toContain("if-else");
    expect(types("watcher")).toContain("judging-llm");
    expect(types("combined").filter((t) => t === "if-else")).toHaveLength(3);
    expect(findTemplate("nope")).toBeUndefined();
  });

  it.each(TEMPLATE_IDS)(
    "%s: creates the challenge with the template's draft, publishes and plays once offline",
    async (id) => {
      const t = findTemplate(id)!;
      const c = await createChallengeFromTemplate(a.wsA.id, a.ownerA.id, id, {
        ...t.defaults,
        secret: SECRET,
      });
      expect(c).toMatchObject({ name: t.defaults.name, has_secret: true, published_version: null });
      expect(await getSecretValue(a.wsA.id, c.secret_ref!)).toBe(SECRET);
      const wf = await getWorkflow(a.wsA.id, c.workflow_id!);
      expect(wf.draft_graph.nodes.map((n) => n.id)).toEqual(t.graph().nodes.map((n) => n.id));
      // A template with a judging model is held at the calibration gate until overridden.
      if (t.graph().nodes.some((n) => n.type === "judging-llm")) {
        await expect(publishWorkflow(a.wsA.id, a.ownerA.id, c.workflow_id!)).rejects.toMatchObject({
          code: "calibration_required",
        });
        const published = await publishWorkflow(a.wsA.id, a.ownerA.id, c.workflow_id!, {
          overrideReason: "template smoke test",
        });
        expect(published.overridden).toBe(true);
      } else {
        expect((await publishWorkflow(a.wsA.id, a.ownerA.id, c.workflow_id!)).overridden).toBe(false);
      }

      const res = await call(attemptRoute, {
        method: "POST",
        params: { id: c.id },
        path: `/web/api/challenges/${c.id}/attempts`,
        body: { prompt: "Hello, who are you?" },
        bearer: playerBearer,
      });
      expect(res.status, res.text).toBe(201);
      expect(res.json.status).toBe("completed");
      expect(res.text).not.toContain(SECRET);
    },
  );

  it("refuses a template challenge without a secret, and an unknown template, writing nothing", async () => {
    const before = await db.challenge.count({ where: { workspaceId: a.wsA.id } });
    await expect(
      createChallengeFromTemplate(a.wsA.id, a.ownerA.id, "gatekeeper", { name: "x", goal: "y" }),
    ).rejects.toMatchObject({
      code: "validation_failed",
      details: { issues: [{ path: "secret" }] },
    });
    await expect(
      createChallengeFromTemplate(a.wsA.id, a.ownerA.id, "nope", { name: "x", goal: "y", secret: SECRET }),
    ).rejects.toMatchObject({ code: "validation_failed", details: { issues: [{ path: "template" }] } });
    expect(await db.challenge.count({ where: { workspaceId: a.wsA.id } })).toBe(before);
  });
});

describe("duplicate challenge", () => {
  it("copies fields and the draft into a new unpublished workflow, keeps the secret reference, not the collections", async () => {
    const src = await createChallengeFromTemplate(a.wsA.id, a.ownerA.id, "output-filter", {
      ...findTemplate("output-filter")!.defaults,
      secret: SECRET,
      allow_guests: true,
      guests_on_boards: true,
      max_attempts: 7,
    });
    await publishWorkflow(a.wsA.id, a.ownerA.id, src.workflow_id!);
    const collection = await makeCollection({ workspaceId: a.wsA.id });
    await db.challengeCollectionItem.create({
      data: { collectionId: collection.id, challengeId: src.id, position: 0 },
    });

    const copy = await duplicateChallenge(a.wsA.id, a.editorA.id, src.id);
    expect(copy.id).not.toBe(src.id);
    expect(copy.name).toBe(`${src.name} (copy)`);
    expect(copy.workflow_id).not.toBe(src.workflow_id);
    expect(copy.published_version).toBeNull();
    expect(copy).toMatchObject({
      secret_ref: src.secret_ref,
      has_secret: true,
      goal: src.goal,
      points: src.points,
      difficulty: src.difficulty,
      max_attempts: 7,
      allow_guests: true,
      guests_on_boards: true,
      created_by: a.editorA.id,
    });
    const [wfSrc, wfCopy] = await Promise.all([
      getWorkflow(a.wsA.id, src.workflow_id!),
      getWorkflow(a.wsA.id, copy.workflow_id!),
    ]);
    expect(wfCopy.draft_graph).toEqual(wfSrc.draft_graph);
    expect(await db.challengeCollectionItem.count({ where: { challengeId: copy.id } })).toBe(0);
    expect(await db.challengeCollectionItem.count({ where: { challengeId: src.id } })).toBe(1);
    // The original is untouched.
    expect((await getChallenge(a.wsA.id, src.id)).published_version).toBe(1);
  });

  it("cannot duplicate another workspace's challenge (not found, nothing written)", async () => {
    const other = await makeChallenge({
      workspaceId: a.wsB.id,
      appId: (await makeApp({ workspaceId: a.wsB.id })).id,
    });
    const [countA, countB] = await Promise.all([
      db.challenge.count({ where: { workspaceId: a.wsA.id } }),
      db.challenge.count({ where: { workspaceId: a.wsB.id } }),
    ]);
    await expect(duplicateChallenge(a.wsA.id, a.ownerA.id, other.id)).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await db.challenge.count({ where: { workspaceId: a.wsA.id } })).toBe(countA);
    expect(await db.challenge.count({ where: { workspaceId: a.wsB.id } })).toBe(countB);
  });

  it("shortens a long name so the copy still fits", async () => {
    const src = await makeChallenge({
      workspaceId: a.wsA.id,
      appId: (await makeApp({ workspaceId: a.wsA.id })).id,
      name: "n".repeat(120),
    });
    const copy = await duplicateChallenge(a.wsA.id, a.ownerA.id, src.id);
    expect(copy.name.length).toBeLessThanOrEqual(120);
    expect(copy.name.endsWith("… (copy)")).toBe(true);
  });
});

describe("GET /console/api/challenges/{id}/attempts/export", () => {
  const HOSTILE = '=HYPERLINK("http://evil.test")';
  let challengeId: string;

  beforeAll(async () => {
    await setSecret(a.wsA.id, "EXPORT_SECRET", SECRET);
    const c = await makeChallenge({
      workspaceId: a.wsA.id,
      appId: (await makeApp({ workspaceId: a.wsA.id })).id,
      secretRef: "EXPORT_SECRET",
    });
    challengeId = c.id;
    await makeAttempt({
      challengeId,
      prompt: HOSTILE,
      response: `Fine: ${SECRET}`,
      judgeOutputRaw: { raw: "JUDGE-RAW-MARKER" },
    });
    await makeAttempt({ challengeId, prompt: "+1 and -1, @here", response: "no" });
    // More than one page of the stream.
    for (let i = 0; i < 210; i++) await makeAttempt({ challengeId, prompt: `p${i}`, response: "r" });
  });

  const get = (format: string, opts: Parameters<typeof call>[1] = {}) =>
    call(exportRoute, {
      params: { id: challengeId },
      path: `/console/api/challenges/${challengeId}/attempts/export?format=${format}`,
      cookie: a.ownerA.cookie,
      headers: ORIGIN,
      ...opts,
    });

  it("CSV: every attempt, formula cells defused, the secret masked, no judge raw output", async () => {
    const res = await get("csv");
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const lines = res.text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "attempt_id,created_at,player,player_email,status,succeeded,score,judge_rating,judge_feedback,tokens_total,judge_tokens_total,elapsed_ms,prompt,response,error_message",
    );
    expect(lines).toHaveLength(1 + 212);
    expect(res.text).toContain(csvField(`'${HOSTILE}`));
    expect(res.text).toContain(`'+1 and -1, @here`);
    expect(res.text).not.toMatch(/,=HYPERLINK/);
    expect(res.text).not.toContain(SECRET);
    expect(res.text).not.toContain("JUDGE-RAW-MARKER");
  });

  it("JSON: the same attempts as an array", async () => {
    const res = await get("json");
    expect(res.status, res.text).toBe(200);
    const rows = JSON.parse(res.text) as { prompt: string; response: string }[];
    expect(rows).toHaveLength(212);
    expect(rows.map((r) => r.prompt)).toContain(HOSTILE);
    expect(res.text).not.toContain(SECRET);
    expect(res.text).not.toContain("JUDGE-RAW-MARKER");
  });

  it("members only: anonymous 401, another workspace's owner 404, a player with no workspace refused", async () => {
    expect((await get("csv", { cookie: undefined })).status).toBe(401);
    const other = await get("csv", { cookie: a.ownerB.cookie });
    expect(other.status).toBe(404);
    expect(other.json.error.code).toBe("not_found");
    expect(other.text).not.toContain(SECRET);
    const player = await get("csv", { cookie: a.player.cookie });
    expect([401, 403, 404]).toContain(player.status);
    expect(player.text).not.toContain("p1");
    expect((await get("xml")).status).toBe(422);
  });
});
