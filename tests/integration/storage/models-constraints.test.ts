// Foreign-key and missing-record errors raised by the database, mapped by fromDatabaseError to
// AppErrors with the same code, status and message on SQLite and PostgreSQL; other errors pass.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { AppError, fromDatabaseError } from "@/lib/errors";
import {
  makeAccount,
  makeApp,
  makeAttempt,
  makeChallenge,
  makeCollection,
  makeEndUser,
  makeRedBlueChallenge,
  makeWebhookEndpoint,
  makeWorkflowRun,
  makeWorkspace,
} from "@/tests/helpers/factories";
import { expectReadable, mappedError, MISSING } from "./models-support";

describe("foreign-key violations → 422 validation_failed", () => {
  // [label, model being written, the write]
  const cases: [string, string, () => Promise<unknown>][] = [
    [
      "challenge for a non-existent app",
      "Challenge",
      async () => {
        const ws = await makeWorkspace();
        return db.challenge.create({ data: { workspaceId: ws.id, appId: MISSING, name: "c", goal: "g" } });
      },
    ],
    [
      "challenge in a non-existent workspace",
      "Challenge",
      async () => {
        const app = await makeApp();
        return db.challenge.create({ data: { workspaceId: MISSING, appId: app.id, name: "c", goal: "g" } });
      },
    ],
    [
      "attempt for a missing challenge",
      "ChallengeAttempt",
      async () => {
        const eu = await makeEndUser();
        return db.challengeAttempt.create({
          data: { workspaceId: eu.workspaceId, challengeId: MISSING, endUserId: eu.id },
        });
      },
    ],
    [
      "attempt by a missing end user",
      "ChallengeAttempt",
      async () => {
        const ch = await makeChallenge();
        return db.challengeAttempt.create({
          data: { workspaceId: ch.workspaceId, challengeId: ch.id, endUserId: MISSING },
        });
      },
    ],
    [
      "attempt pointing at a missing workflow run",
      "ChallengeAttempt",
      async () => makeAttempt({ workflowRunId: MISSING }),
    ],
    [
      "membership for a missing account",
      "Membership",
      async () =>
        db.membership.create({
          data: { workspaceId: (await makeWorkspace()).id, accountId: MISSING, role: "owner" },
        }),
    ],
    [
      "workflow run of a missing workflow",
      "WorkflowRun",
      async () =>
        db.workflowRun.create({
          data: { workspaceId: (await makeWorkspace()).id, workflowId: MISSING, inputs: {} },
        }),
    ],
    [
      "node run of a missing run",
      "WorkflowNodeRun",
      () =>
        db.workflowNodeRun.create({
          data: { runId: MISSING, nodeId: "n", nodeType: "llm", index: 0, status: "running" },
        }),
    ],
    [
      "collection item for a missing challenge",
      "ChallengeCollectionItem",
      async () =>
        db.challengeCollectionItem.create({
          data: { collectionId: (await makeCollection()).id, challengeId: MISSING, position: 1 },
        }),
    ],
    [
      "leaderboard entry with a missing best attempt",
      "ChallengeLeaderboardEntry",
      async () => {
        const ch = await makeChallenge();
        return db.challengeLeaderboardEntry.create({
          data: { challengeId: ch.id, endUserId: MISSING, bestAttemptId: MISSING, achievedAt: new Date() },
        });
      },
    ],
    [
      "notification for a missing event (nullable reference)",
      "Notification",
      async () =>
        db.notification.create({
          data: { accountId: (await makeAccount()).id, eventId: MISSING, type: "t", title: "t", body: "b" },
        }),
    ],
    [
      "webhook delivery of a missing event",
      "WebhookDelivery",
      async () =>
        db.webhookDelivery.create({
          data: { endpointId: (await makeWebhookEndpoint()).id, eventId: MISSING, messageId: "msg_x", eventType: "t", payload: {} },
        }),
    ],
    [
      "team pairing with a missing attack submission",
      "TeamPairing",
      async () => {
        const rb = await makeRedBlueChallenge();
        return db.teamPairing.create({
          data: { redBlueChallengeId: rb.id, workspaceId: rb.workspaceId, attackSubmissionId: MISSING },
        });
      },
    ],
    [
      "moving a challenge to a non-existent app (update)",
      "Challenge",
      async () =>
        db.challenge.update({ where: { id: (await makeChallenge()).id }, data: { appId: MISSING } }),
    ],
    [
      "connecting a missing membership to an account (to-many connect)",
      "Account",
      async () =>
        db.account.update({
          where: { id: (await makeAccount()).id },
          data: { memberships: { connect: { id: MISSING } } },
        }),
    ],
  ];

  it.each(cases)("%s", async (_label, model, write) => {
    const err = await mappedError(write());
    expect(err.code).toBe("validation_failed");
    expect(err.status).toBe(422);
    expect(err.message).toBe(`A referenced record does not exist (${model})`);
    expect(err.message).not.toMatch(/fkey|FOREIGN|violates|_id/);
  });

  it("connecting a missing record through a relation names the missing model", async () => {
    const ws = await makeWorkspace();
    const err = await mappedError(
      db.challenge.create({
        data: {
          name: "c",
          goal: "g",
          workspace: { connect: { id: ws.id } },
          app: { connect: { id: MISSING } },
        },
      }),
    );
    expect(err.code).toBe("validation_failed");
    expect(err.status).toBe(422);
    expect(err.message).toBe("The referenced App does not exist");
    expectReadable(err.message);
    expect(await db.challenge.count({ where: { workspaceId: ws.id } })).toBe(0);
  });
});

describe("missing records → 404 not_found", () => {
  const cases: [string, string, () => Promise<unknown>][] = [
    [
      "update a missing challenge",
      "Challenge not found",
      () => db.challenge.update({ where: { id: MISSING }, data: { name: "x" } }),
    ],
    [
      "delete a missing challenge",
      "Challenge not found",
      () => db.challenge.delete({ where: { id: MISSING } }),
    ],
    [
      "update a missing account",
      "Account not found",
      () => db.account.update({ where: { id: MISSING }, data: { name: "x" } }),
    ],
    [
      "delete a missing workspace",
      "Workspace not found",
      () => db.workspace.delete({ where: { id: MISSING } }),
    ],
    [
      "delete a missing attempt",
      "ChallengeAttempt not found",
      () => db.challengeAttempt.delete({ where: { id: MISSING } }),
    ],
    [
      "update a missing profile (key is accountId)",
      "PlayerProfile not found",
      () => db.playerProfile.update({ where: { accountId: MISSING }, data: { displayName: "x" } }),
    ],
    [
      "delete a missing membership by compound key",
      "Membership not found",
      async () => {
        const [ws, account] = [await makeWorkspace(), await makeAccount()];
        return db.membership.delete({
          where: { workspaceId_accountId: { workspaceId: ws.id, accountId: account.id } },
        });
      },
    ],
    [
      "update a collection item by a compound key that does not exist",
      "ChallengeCollectionItem not found",
      () =>
        db.challengeCollectionItem.update({
          where: { collectionId_challengeId: { collectionId: MISSING, challengeId: MISSING } },
          data: { position: 1 },
        }),
    ],
    [
      "findUniqueOrThrow of a missing app",
      "App not found",
      () => db.app.findUniqueOrThrow({ where: { id: MISSING } }),
    ],
    [
      "nested update of a profile the account does not have",
      "PlayerProfile not found",
      async () =>
        db.account.update({
          where: { id: (await makeAccount()).id },
          data: { profile: { update: { displayName: "x" } } },
        }),
    ],
    [
      "a record deleted by someone else in the meantime",
      "WorkflowRun not found",
      async () => {
        const run = await makeWorkflowRun();
        await db.workflowRun.delete({ where: { id: run.id } });
        return db.workflowRun.update({ where: { id: run.id }, data: { status: "failed" } });
      },
    ],
  ];

  it.each(cases)("%s", async (_label, message, write) => {
    const err = await mappedError(write());
    expect(err.code).toBe("not_found");
    expect(err.status).toBe(404);
    expect(err.message).toBe(message);
    expectReadable(err.message);
  });

  it("deleteMany / updateMany of nothing is not an error", async () => {
    await expect(db.challenge.deleteMany({ where: { id: MISSING } })).resolves.toEqual({ count: 0 });
    await expect(db.challenge.updateMany({ where: { id: MISSING }, data: { name: "x" } })).resolves.toEqual({
      count: 0,
    });
  });
});

describe("fromDatabaseError leaves other errors alone", () => {
  it.each([
    ["a plain Error", new Error("boom")],
    ["an AppError", new AppError("conflict", "already handled")],
    ["a Node errno error", Object.assign(new Error("ENOENT"), { code: "ENOENT" })],
    ["null", null],
    ["a string", "P2002"],
  ])("returns undefined for %s", (_label, err) => {
    expect(fromDatabaseError(err)).toBeUndefined();
  });

  it("returns undefined for a Prisma validation error (a programming error, not bad data)", async () => {
    const err = await db.account.create({ data: { name: 42 } as never }).catch((e: unknown) => e);
    expect((err as Error).name).toBe("PrismaClientValidationError");
    expect(fromDatabaseError(err)).toBeUndefined();
  });
});
