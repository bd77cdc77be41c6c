// Unique violations raised by the database, mapped by fromDatabaseError to 409 conflicts with the
// same code, status and message on SQLite and PostgreSQL.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  makeAccount,
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
  makeWorkspace,
  unique,
} from "@/tests/helpers/factories";
import { deliveryData, expectReadable, mappedError, MISSING } from "./models-support";

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
        await db.webhookDelivery.create({ data: deliveryData(endpoint.id, event.id) });
        return () => db.webhookDelivery.create({ data: deliveryData(endpoint.id, event.id) });
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
