// Constraint violations raised by the database, mapped by fromDatabaseError to AppErrors with the
// same code, status and message on SQLite and PostgreSQL.
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
  makeMembership,
  makeNotificationEvent,
  makePlugin,
  makeRedBlueChallenge,
  makeSecret,
  makeWebhookEndpoint,
  makeWorkflow,
  makeWorkflowRun,
  makeWorkspace,
  unique,
} from "@/tests/helpers/factories";

const MISSING = "00000000-0000-4000-8000-000000000000";

/** Awaits a write that must fail and returns the AppError fromDatabaseError maps it to. */
async function mappedError(write: Promise<unknown>): Promise<AppError> {
  const err = await write.then(
    () => {
      throw new Error("expected the database to reject this write");
    },
    (e: unknown) => e,
  );
  const mapped = fromDatabaseError(err);
  if (!mapped) throw new Error(`fromDatabaseError did not map: ${String(err)}`);
  expect(mapped).toBeInstanceOf(AppError);
  expect(mapped.cause).toBe(err);
  return mapped;
}

/** One plain sentence: no SQL, no table/column/constraint names, no driver wording. */
function expectReadable(message: string) {
  expect(message).toMatch(/^[A-Z][A-Za-z ,]+$/);
  expect(message).not.toMatch(
    /\b(insert|select|delete from|constraint|violates|duplicate key|foreign key|unique|sqlite|postgres|prisma|invocation|index)\b/i,
  );
  expect(message).not.toMatch(/_(id|key|fkey|pkey)\b|tenant|[a-z]+_[a-z]+/);
}

type Write = () => Promise<unknown>;

describe("unique violations → 409 conflict naming the model and fields", () => {
  // [label, expected message, setup that inserts the first row and returns the duplicate write]
  const cases: [string, string, () => Promise<Write>][] = [
    [
      "Account.email",
      "An Account with this email already exists",
      async () => {
        const a = await makeAccount();
        return () => makeAccount({ email: a.email });
      },
    ],
    [
      "Workspace.slug",
      "A Workspace with this slug already exists",
      async () => {
        const ws = await makeWorkspace();
        return () => makeWorkspace({ slug: ws.slug });
      },
    ],
    [
      "Membership [workspaceId, accountId]",
      "A Membership with this workspaceId, accountId already exists",
      async () => {
        const m = await makeMembership({ role: "owner" });
        return () => makeMembership({ workspaceId: m.workspaceId, accountId: m.accountId, role: "editor" });
      },
    ],
    [
      "EndUser [workspaceId, accountId]",
      "An EndUser with this workspaceId, accountId already exists",
      async () => {
        const eu = await makeEndUser();
        return () => makeEndUser({ workspaceId: eu.workspaceId, accountId: eu.accountId });
      },
    ],
    [
      "EndUser [workspaceId, sessionId]",
      "An EndUser with this workspaceId, sessionId already exists",
      async () => {
        const eu = await makeEndUser({ type: "anonymous" });
        return () => makeEndUser({ type: "anonymous", workspaceId: eu.workspaceId, sessionId: eu.sessionId });
      },
    ],
    [
      "ApiToken.tokenHash",
      "An ApiToken with this tokenHash already exists",
      async () => {
        const ws = await makeWorkspace();
        const token = {
          workspaceId: ws.id,
          name: "t",
          tokenHash: unique("hash"),
          prefix: "gnt_",
          scopes: [],
        };
        await db.apiToken.create({ data: token });
        return () => db.apiToken.create({ data: { ...token, name: "other" } });
      },
    ],
    [
      "Secret [workspaceId, name]",
      "A Secret with this workspaceId, name already exists",
      async () => {
        const s = await makeSecret({ name: "FLAG" });
        return () => makeSecret({ workspaceId: s.workspaceId, name: "FLAG" });
      },
    ],
    [
      "LlmProvider [workspaceId, name]",
      "A LlmProvider with this workspaceId, name already exists",
      async () => {
        const ws = await makeWorkspace();
        const provider = { workspaceId: ws.id, name: "OpenAI", kind: "openai", models: ["gpt-4o-mini"] };
        await db.llmProvider.create({ data: provider });
        return () => db.llmProvider.create({ data: provider });
      },
    ],
    [
      "Asset.storageKey",
      "An Asset with this storageKey already exists",
      async () => {
        const ws = await makeWorkspace();
        const asset = {
          workspaceId: ws.id,
          filename: "a.png",
          mimeType: "image/png",
          size: 1,
          storageKey: unique("k"),
        };
        await db.asset.create({ data: asset });
        return () => db.asset.create({ data: asset });
      },
    ],
    [
      "Workflow.publishedVersionId",
      "A Workflow with this publishedVersionId already exists",
      async () => {
        const wf = await makeWorkflow();
        const v = await db.workflowVersion.create({ data: { workflowId: wf.id, version: 1, graph: {} } });
        await db.workflow.update({ where: { id: wf.id }, data: { publishedVersionId: v.id } });
        return () => makeWorkflow({ workspaceId: wf.workspaceId, publishedVersionId: v.id });
      },
    ],
    [
      "WorkflowVersion [workflowId, version]",
      "A WorkflowVersion with this workflowId, version already exists",
      async () => {
        const wf = await makeWorkflow();
        await db.workflowVersion.create({ data: { workflowId: wf.id, version: 1, graph: {} } });
        return () =>
          db.workflowVersion.create({ data: { workflowId: wf.id, version: 1, graph: { other: true } } });
      },
    ],
    [
      "Plugin [workspaceId, pluginId]",
      "A Plugin with this workspaceId, pluginId already exists",
      async () => {
        const p = await makePlugin();
        return () => makePlugin({ workspaceId: p.workspaceId, pluginId: p.pluginId, name: "Another" });
      },
    ],
    [
      "ChallengeAttempt [endUserId, idempotencyKey]",
      "A ChallengeAttempt with this endUserId, idempotencyKey already exists",
      async () => {
        const a = await makeAttempt({ idempotencyKey: "retry-1" });
        return () =>
          makeAttempt({ challengeId: a.challengeId, endUserId: a.endUserId, idempotencyKey: "retry-1" });
      },
    ],
    [
      "ChallengeLeaderboardEntry [challengeId, endUserId]",
      "A ChallengeLeaderboardEntry with this challengeId, endUserId already exists",
      async () => {
        const a = await makeAttempt({ succeeded: true });
        const entry = {
          challengeId: a.challengeId,
          endUserId: a.endUserId,
          bestAttemptId: a.id,
          achievedAt: new Date(),
        };
        await db.challengeLeaderboardEntry.create({ data: entry });
        return () => db.challengeLeaderboardEntry.create({ data: { ...entry, score: 5 } });
      },
    ],
    [
      "ChallengeCollectionItem [collectionId, challengeId]",
      "A ChallengeCollectionItem with this collectionId, challengeId already exists",
      async () => {
        const col = await makeCollection();
        const ch = await makeChallenge({ appId: col.appId });
        await db.challengeCollectionItem.create({
          data: { collectionId: col.id, challengeId: ch.id, position: 1 },
        });
        return () =>
          db.challengeCollectionItem.create({
            data: { collectionId: col.id, challengeId: ch.id, position: 2 },
          });
      },
    ],
    [
      "TeamMember [redBlueChallengeId, accountId]",
      "A TeamMember with this redBlueChallengeId, accountId already exists",
      async () => {
        const rb = await makeRedBlueChallenge();
        const account = await makeAccount();
        await db.teamMember.create({
          data: { redBlueChallengeId: rb.id, accountId: account.id, team: "red" },
        });
        return () =>
          db.teamMember.create({ data: { redBlueChallengeId: rb.id, accountId: account.id, team: "blue" } });
      },
    ],
    [
      "WebhookDelivery [endpointId, eventId]",
      "A WebhookDelivery with this endpointId, eventId already exists",
      async () => {
        const endpoint = await makeWebhookEndpoint();
        const event = await makeNotificationEvent({ workspaceId: endpoint.workspaceId });
        await db.webhookDelivery.create({ data: { endpointId: endpoint.id, eventId: event.id, messageId: `msg_${event.id}`, eventType: "t", payload: {} } });
        return () => db.webhookDelivery.create({ data: { endpointId: endpoint.id, eventId: event.id, messageId: `msg_${event.id}`, eventType: "t", payload: {} } });
      },
    ],
    [
      "Workspace.slug via update",
      "A Workspace with this slug already exists",
      async () => {
        const [a, b] = [await makeWorkspace(), await makeWorkspace()];
        return () => db.workspace.update({ where: { id: b.id }, data: { slug: a.slug } });
      },
    ],
    [
      "Account.email via upsert (create branch)",
      "An Account with this email already exists",
      async () => {
        const a = await makeAccount();
        return () =>
          db.account.upsert({ where: { id: MISSING }, create: { email: a.email, name: "x" }, update: {} });
      },
    ],
    [
      "Membership inside an interactive transaction",
      "A Membership with this workspaceId, accountId already exists",
      async () => {
        const m = await makeMembership();
        return () =>
          db.$transaction((tx) =>
            tx.membership.create({
              data: { workspaceId: m.workspaceId, accountId: m.accountId, role: "admin" },
            }),
          );
      },
    ],
    [
      "Secret via createMany",
      "A Secret with this workspaceId, name already exists",
      async () => {
        const ws = await makeWorkspace();
        return () =>
          db.secret.createMany({
            data: [
              { workspaceId: ws.id, name: "DUP", valueEncrypted: "v1.a" },
              { workspaceId: ws.id, name: "DUP", valueEncrypted: "v1.b" },
            ],
          });
      },
    ],
    // Primary keys: PostgreSQL names only the index, so no fields are named on either database.
    [
      "PlayerProfile primary key (accountId)",
      "This PlayerProfile already exists",
      async () => {
        const account = await makeAccount();
        await db.playerProfile.create({ data: { accountId: account.id } });
        return () => db.playerProfile.create({ data: { accountId: account.id, displayName: "again" } });
      },
    ],
    [
      "Account primary key (explicit id)",
      "This Account already exists",
      async () => {
        const a = await makeAccount();
        return () => makeAccount({ id: a.id });
      },
    ],
  ];

  it.each(cases)("%s", async (_label, message, setup) => {
    const duplicate = await setup();
    const err = await mappedError(duplicate());
    expect(err.code).toBe("conflict");
    expect(err.status).toBe(409);
    expect(err.message).toBe(message);
    expectReadable(err.message);
    expect(err.toBody()).toEqual({ error: { code: "conflict", message } });
  });

  it("a rejected duplicate leaves no partial row behind, also in a transaction", async () => {
    const a = await makeAccount();
    const slug = unique("tx");
    const err = await mappedError(
      db.$transaction(async (tx) => {
        await tx.workspace.create({ data: { name: "rolled back", slug } });
        await tx.account.create({ data: { email: a.email, name: "dup" } });
      }),
    );
    expect(err.code).toBe("conflict");
    expect(await db.workspace.count({ where: { slug } })).toBe(0);
    expect(await db.account.count({ where: { email: a.email } })).toBe(1);
  });

  it("NULLs never collide in nullable unique keys, and keys are scoped as declared", async () => {
    const ws = await makeWorkspace();
    // Several anonymous end users (accountId NULL) and account end users (sessionId NULL).
    const anon = await Promise.all(
      [1, 2, 3].map(() => makeEndUser({ workspaceId: ws.id, type: "anonymous" })),
    );
    const named = await Promise.all([1, 2].map(() => makeEndUser({ workspaceId: ws.id })));
    expect(anon.every((e) => e.accountId === null)).toBe(true);
    expect(named.every((e) => e.sessionId === null)).toBe(true);
    expect(await db.endUser.count({ where: { workspaceId: ws.id } })).toBe(5);

    // The same account may be an end user in another workspace.
    await expect(makeEndUser({ accountId: named[0]!.accountId })).resolves.toMatchObject({
      accountId: named[0]!.accountId,
    });

    // Attempts without an idempotency key never collide; a key is scoped to its end user.
    const first = await makeAttempt({ idempotencyKey: null });
    await makeAttempt({ challengeId: first.challengeId, endUserId: first.endUserId, idempotencyKey: null });
    await makeAttempt({ challengeId: first.challengeId, endUserId: first.endUserId, idempotencyKey: "k" });
    await makeAttempt({ challengeId: first.challengeId, idempotencyKey: "k" });
    expect(await db.challengeAttempt.count({ where: { challengeId: first.challengeId } })).toBe(4);

    // Names are unique per workspace only.
    const s = await makeSecret({ name: "SHARED" });
    await expect(makeSecret({ name: "SHARED" })).resolves.toMatchObject({ name: "SHARED" });
    expect(await db.secret.count({ where: { name: "SHARED" } })).toBe(2);
    expect(s.name).toBe("SHARED");
  });
});

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
