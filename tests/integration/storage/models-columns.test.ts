// What our schema promises on either database (SQLite or PostgreSQL): Json columns (values and
// null kinds), Float precision, DateTime milliseconds, column defaults, composite unique keys and
// ordered membership. Generic create/read/update/delete is Prisma's, not tested here.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/sqlite/client";
import {
  makeAccount,
  makeApp,
  makeAttempt,
  makeChallenge,
  makeCollection,
  makeNotificationEvent,
  makeRedBlueChallenge,
  makeWebhookEndpoint,
  makeWorkflowRun,
  makeWorkspace,
} from "@/tests/helpers/factories";

// Distinct instants with millisecond precision, in the past, the future and near the epoch.
const t = (iso: string) => new Date(iso);
const T1 = t("2024-02-29T23:59:59.123Z");
const T2 = t("2031-07-04T12:00:00.999Z");
const T3 = t("1999-12-31T00:00:00.001Z");

// Json values exercising nesting, arrays, unicode, escapes, numbers, booleans and null members.
const richJson = {
  title: 'Ünïcødé ✓ — "quoted" \\ back\\slash\nnewline',
  nested: { depth: { deeper: [1, 2.5, -3, 0, true, false, null, "x"] } },
  empty: {},
  emptyList: [],
  ratio: 0.1,
  big: 1_234_567_890,
  nothing: null,
};

describe("column round trips", () => {
  it.each([
    ["object", richJson],
    ["array", [1, "two", { three: 3 }, [4], null]],
    ["string", 'just a string with "quotes" and ünïcode'],
    ["number", 42.5],
    ["negative integer", -7],
    ["boolean", false],
  ])("Json %s values round-trip", async (_label, value) => {
    const ws = await makeWorkspace();
    const event = await makeNotificationEvent({ workspaceId: ws.id, payload: value });
    const read = await db.notificationEvent.findUniqueOrThrow({ where: { id: event.id } });
    expect(read.payload).toEqual(value);
  });

  it("nullable Json columns distinguish omitted/DbNull (SQL NULL) from JsonNull on read filters", async () => {
    const app = await makeApp();
    const dbNull = await makeChallenge({ appId: app.id, theme: Prisma.DbNull });
    const jsonNull = await makeChallenge({ appId: app.id, theme: Prisma.JsonNull });
    const omitted = await makeChallenge({ appId: app.id });
    for (const c of [dbNull, jsonNull, omitted]) {
      expect((await db.challenge.findUniqueOrThrow({ where: { id: c.id } })).theme).toBeNull();
    }
    const sqlNulls = await db.challenge.findMany({
      where: { appId: app.id, theme: { equals: Prisma.DbNull } },
      select: { id: true },
    });
    expect(sqlNulls.map((r) => r.id).sort()).toEqual([dbNull.id, omitted.id].sort());
    const jsonNulls = await db.challenge.findMany({
      where: { appId: app.id, theme: { equals: Prisma.JsonNull } },
      select: { id: true },
    });
    expect(jsonNulls.map((r) => r.id)).toEqual([jsonNull.id]);
  });

  it("Floats keep full double precision", async () => {
    const values = [0.1, 1 / 3, -2.5e-8, 123456789.123456, Number.MAX_SAFE_INTEGER];
    const attempt = await makeAttempt();
    for (const score of values) {
      await db.challengeAttempt.update({ where: { id: attempt.id }, data: { score } });
      const read = await db.challengeAttempt.findUniqueOrThrow({ where: { id: attempt.id } });
      expect(read.score).toBe(score);
    }
  });

  it("DateTimes keep milliseconds and the instant, and order correctly", async () => {
    const ws = await makeWorkspace();
    const instants = [T2, t("1970-01-01T00:00:00.000Z"), T1, t("2024-02-29T23:59:59.124Z"), T3];
    for (const occurredAt of instants) await makeNotificationEvent({ workspaceId: ws.id, occurredAt });
    const rows = await db.notificationEvent.findMany({
      where: { workspaceId: ws.id },
      orderBy: { occurredAt: "asc" },
    });
    expect(rows.map((r) => r.occurredAt.toISOString())).toEqual(
      [...instants].sort((a, b) => a.getTime() - b.getTime()).map((d) => d.toISOString()),
    );
    const between = await db.notificationEvent.count({
      where: { workspaceId: ws.id, occurredAt: { gt: T1, lte: t("2024-02-29T23:59:59.124Z") } },
    });
    expect(between).toBe(1);
  });

  it("defaults are applied when columns are omitted", async () => {
    const account = await makeAccount();
    expect(account).toMatchObject({ status: "active", interfaceLanguage: "en", lastLoginAt: null });
    expect(account.createdAt).toBeInstanceOf(Date);

    const profile = await db.playerProfile.create({ data: { accountId: account.id } });
    expect(profile).toMatchObject({
      displayName: null,
      notifyOnFirstBlood: true,
      notifyOnRecordBeaten: true,
      notifyOnPairing: true,
      notifyByEmail: false,
    });

    const challenge = await makeChallenge();
    expect(challenge).toMatchObject({
      successType: "contains",
      scoringStrategy: "first",
      isActive: true,
      evaluatorType: "rules",
      evaluatorPluginId: null,
      evaluatorEntrypoint: null,
      evaluatorConfig: null,
      scoringPluginId: null,
      scoringEntrypoint: null,
      scoringConfig: null,
      difficulty: "medium",
      points: 100,
      maxAttempts: null,
      cooldownSeconds: 0,
      maskVariables: null,
      theme: null,
    });

    const attempt = await makeAttempt({ challengeId: challenge.id });
    expect(attempt).toMatchObject({
      status: "completed",
      succeeded: false,
      score: null,
      judgeRating: null,
      judgeOutputRaw: null,
      idempotencyKey: null,
    });

    const run = await makeWorkflowRun();
    expect(run).toMatchObject({
      triggeredFrom: "play",
      status: "running",
      tokensTotal: 0,
      judgeTokensTotal: 0,
      outputs: null,
    });

    const collection = await makeCollection();
    expect(collection).toMatchObject({ scoringStrategy: "sum", isPublic: true });

    const rb = await makeRedBlueChallenge();
    expect(rb).toMatchObject({
      defenseSelectionPolicy: "latest_best",
      attackSelectionPolicy: "latest_best",
      scoringStrategy: "red_blue_ratio",
      isActive: true,
      settings: {},
    });
    const pairing = await db.teamPairing.create({
      data: { redBlueChallengeId: rb.id, workspaceId: rb.workspaceId },
    });
    expect(pairing).toMatchObject({
      redPoints: 0,
      bluePoints: 0,
      attackSubmissionId: null,
      initiator: "red",
      attackAccountId: null,
      defenseAccountId: null,
      modelOutput: null,
    });
    const submission = await db.teamSubmission.create({
      data: { redBlueChallengeId: rb.id, workspaceId: rb.workspaceId, team: "red", prompt: "attack" },
    });
    expect(submission).toMatchObject({
      active: true,
      idempotencyKey: null,
      utilityPassed: null,
      result: null,
    });
    const rotation = await db.teamRotation.create({
      data: { redBlueChallengeId: rb.id, accountId: "a1", team: "blue", opponentAccountId: "a2" },
    });
    expect(rotation.picks).toBe(0);
    expect(Math.abs(rotation.lastPickedAt.getTime() - Date.now())).toBeLessThan(60_000);

    const before = Date.now();
    const event = await makeNotificationEvent();
    expect(event).toMatchObject({ status: "pending", attempts: 0, processedAt: null });
    expect(Math.abs(event.availableAt.getTime() - before)).toBeLessThan(60_000);

    const endpoint = await makeWebhookEndpoint({ workspaceId: event.workspaceId });
    const delivery = await db.webhookDelivery.create({
      data: { endpointId: endpoint.id, eventId: event.id, messageId: "msg_1", eventType: "t", payload: {} },
    });
    expect(delivery).toMatchObject({ status: "pending", attempt: 0, responseStatus: null });
  });
});

describe("red/blue unique keys", () => {
  it("one rotation row per (challenge, player, side, opponent), and picks count up in place", async () => {
    const rb = await makeRedBlueChallenge();
    const key = { redBlueChallengeId: rb.id, accountId: "p1", team: "red", opponentAccountId: "o1" };
    await db.teamRotation.create({ data: key });
    await expect(db.teamRotation.create({ data: key })).rejects.toThrow();
    // The same opponent from the other side, or another opponent, is another row.
    await db.teamRotation.create({ data: { ...key, team: "blue" } });
    await db.teamRotation.create({ data: { ...key, opponentAccountId: "o2" } });
    const bumped = await db.teamRotation.update({
      where: { redBlueChallengeId_accountId_team_opponentAccountId: key },
      data: { picks: { increment: 1 } },
    });
    expect(bumped.picks).toBe(1);
    expect(await db.teamRotation.count({ where: { redBlueChallengeId: rb.id } })).toBe(3);
    await db.redBlueChallenge.delete({ where: { id: rb.id } });
    expect(await db.teamRotation.count({ where: { redBlueChallengeId: rb.id } })).toBe(0);
  });

  it("an idempotency key is unique per (challenge, account); submissions without one never collide", async () => {
    const rb = await makeRedBlueChallenge();
    const [a, b] = await Promise.all([makeAccount(), makeAccount()]);
    const sub = (accountId: string, idempotencyKey: string | null) =>
      db.teamSubmission.create({
        data: {
          redBlueChallengeId: rb.id,
          workspaceId: rb.workspaceId,
          accountId,
          team: "red",
          prompt: "p",
          idempotencyKey,
        },
      });
    await sub(a.id, "k1");
    await expect(sub(a.id, "k1")).rejects.toThrow();
    await sub(b.id, "k1");
    await sub(a.id, null);
    await sub(a.id, null);
    expect(await db.teamSubmission.count({ where: { redBlueChallengeId: rb.id, accountId: a.id } })).toBe(3);
  });
});

describe("ordered collection membership", () => {
  it("reads items back in position order, whatever the insertion order", async () => {
    const collection = await makeCollection();
    const challenges = await Promise.all(
      ["first", "second", "third", "fourth"].map((name) => makeChallenge({ appId: collection.appId, name })),
    );
    // Insert out of order, with gaps in positions.
    const positions = [30, 10, 40, 20];
    for (const [i, challenge] of challenges.entries()) {
      await db.challengeCollectionItem.create({
        data: { collectionId: collection.id, challengeId: challenge.id, position: positions[i]! },
      });
    }
    const items = await db.challengeCollectionItem.findMany({
      where: { collectionId: collection.id },
      orderBy: { position: "asc" },
      include: { challenge: { select: { name: true } } },
    });
    expect(items.map((i) => [i.position, i.challenge.name])).toEqual([
      [10, "second"],
      [20, "fourth"],
      [30, "first"],
      [40, "third"],
    ]);

    // Through the relation as well, and after moving "third" to the front.
    await db.challengeCollectionItem.update({
      where: { collectionId_challengeId: { collectionId: collection.id, challengeId: challenges[2]!.id } },
      data: { position: 0 },
    });
    const viaCollection = await db.challengeCollection.findUniqueOrThrow({
      where: { id: collection.id },
      include: { items: { orderBy: { position: "asc" }, include: { challenge: true } } },
    });
    expect(viaCollection.items.map((i) => i.challenge.name)).toEqual(["third", "second", "fourth", "first"]);
  });
});
