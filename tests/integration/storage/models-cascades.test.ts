// Referential actions (onDelete: Cascade / SetNull) behave as declared in prisma/schema/ on
// both databases: workspaces, challenges, workflows and apps.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
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
import { deliveryData, makeLeaderboardEntry, makeSubmission } from "./models-support";

describe("deleting a workspace", () => {
  it("removes everything that belongs to it and nothing else", async () => {
    const ws = await makeWorkspace();
    const other = await makeWorkspace();
    const owner = await makeAccount();
    await makeMembership({ workspaceId: ws.id, accountId: owner.id });
    await makeMembership({ workspaceId: other.id, accountId: owner.id });

    const app = await makeApp({ workspaceId: ws.id });
    const workflow = await makeWorkflow({ workspaceId: ws.id, appId: app.id });
    const run = await makeWorkflowRun({ workflowId: workflow.id });
    await db.workflowNodeRun.create({
      data: { runId: run.id, nodeId: "n", nodeType: "llm", index: 0, status: "succeeded" },
    });
    const challenge = await makeChallenge({ appId: app.id, workflowId: workflow.id });
    const attempt = await makeAttempt({ challengeId: challenge.id, workflowRunId: run.id });
    await makeLeaderboardEntry(attempt);
    const collection = await makeCollection({ appId: app.id });
    await db.challengeCollectionItem.create({
      data: { collectionId: collection.id, challengeId: challenge.id, position: 1 },
    });
    const rb = await makeRedBlueChallenge({ appId: app.id });
    await makeSubmission(rb, "red");
    await db.teamPairing.create({ data: { redBlueChallengeId: rb.id, workspaceId: ws.id } });
    await makePlugin({ workspaceId: ws.id });
    await makeSecret({ workspaceId: ws.id });
    await db.llmProvider.create({ data: { workspaceId: ws.id, name: "p", kind: "openai", models: [] } });
    await db.asset.create({
      data: { workspaceId: ws.id, filename: "f", mimeType: "image/png", size: 1, storageKey: unique("k") },
    });
    await db.apiToken.create({
      data: { workspaceId: ws.id, name: "t", tokenHash: unique("h"), prefix: "p", scopes: [] },
    });
    const event = await makeNotificationEvent({ workspaceId: ws.id });
    await db.notification.create({
      data: { accountId: owner.id, eventId: event.id, type: "t", title: "t", body: "b" },
    });
    const endpoint = await makeWebhookEndpoint({ workspaceId: ws.id });
    await db.webhookDelivery.create({ data: deliveryData(endpoint.id, event.id) });

    // A sibling workspace with its own challenge must be untouched.
    const otherChallenge = await makeChallenge({ workspaceId: other.id });

    const byWorkspace = { where: { workspaceId: ws.id } };
    const counts = () =>
      Promise.all([
        db.membership.count(byWorkspace),
        db.app.count(byWorkspace),
        db.endUser.count(byWorkspace),
        db.workflow.count(byWorkspace),
        db.workflowRun.count(byWorkspace),
        db.workflowNodeRun.count({ where: { run: { workspaceId: ws.id } } }),
        db.challenge.count(byWorkspace),
        db.challengeAttempt.count(byWorkspace),
        db.challengeLeaderboardEntry.count({ where: { challengeId: challenge.id } }),
        db.challengeCollection.count(byWorkspace),
        db.challengeCollectionItem.count({ where: { collectionId: collection.id } }),
        db.redBlueChallenge.count(byWorkspace),
        db.teamSubmission.count(byWorkspace),
        db.teamPairing.count(byWorkspace),
        db.plugin.count(byWorkspace),
        db.secret.count(byWorkspace),
        db.llmProvider.count(byWorkspace),
        db.asset.count(byWorkspace),
        db.apiToken.count(byWorkspace),
        db.notificationEvent.count(byWorkspace),
        db.webhookEndpoint.count(byWorkspace),
        db.webhookDelivery.count({ where: { endpointId: endpoint.id } }),
      ]);

    expect((await counts()).every((n) => n > 0)).toBe(true);
    await db.workspace.delete({ where: { id: ws.id } });
    expect(await counts()).toEqual(new Array<number>(22).fill(0));

    // Accounts outlive workspaces; their notifications lose the event (SetNull) but stay.
    expect(await db.account.findUnique({ where: { id: owner.id } })).not.toBeNull();
    expect(await db.membership.count({ where: { accountId: owner.id } })).toBe(1);
    const notes = await db.notification.findMany({ where: { accountId: owner.id } });
    expect(notes.map((n) => n.eventId)).toEqual([null]);
    expect(await db.challenge.findUnique({ where: { id: otherChallenge.id } })).not.toBeNull();
  });
});

describe("deleting a challenge", () => {
  it("removes its attempts, leaderboard entries and collection items, but not the collection", async () => {
    const challenge = await makeChallenge();
    const keep = await makeChallenge({ appId: challenge.appId });
    const attempts = await Promise.all([1, 2, 3].map(() => makeAttempt({ challengeId: challenge.id })));
    await makeLeaderboardEntry(attempts[0]!);
    const kept = await makeAttempt({ challengeId: keep.id });
    const collection = await makeCollection({ appId: challenge.appId });
    await db.challengeCollectionItem.createMany({
      data: [
        { collectionId: collection.id, challengeId: challenge.id, position: 1 },
        { collectionId: collection.id, challengeId: keep.id, position: 2 },
      ],
    });

    await db.challenge.delete({ where: { id: challenge.id } });

    expect(await db.challengeAttempt.count({ where: { challengeId: challenge.id } })).toBe(0);
    expect(await db.challengeLeaderboardEntry.count({ where: { challengeId: challenge.id } })).toBe(0);
    const items = await db.challengeCollectionItem.findMany({ where: { collectionId: collection.id } });
    expect(items.map((i) => i.challengeId)).toEqual([keep.id]);
    expect(await db.challengeAttempt.findUnique({ where: { id: kept.id } })).not.toBeNull();
    // The players (end users) remain.
    expect(await db.endUser.count({ where: { id: { in: attempts.map((a) => a.endUserId) } } })).toBe(3);
  });

  it("deleting an attempt removes the leaderboard entry it is the best attempt of", async () => {
    const attempt = await makeAttempt({ succeeded: true });
    const entry = await makeLeaderboardEntry(attempt);
    await db.challengeAttempt.delete({ where: { id: attempt.id } });
    expect(await db.challengeLeaderboardEntry.findUnique({ where: { id: entry.id } })).toBeNull();
  });
});

describe("workflows", () => {
  it("deleting a run sets attempt.workflowRunId null and removes its node runs", async () => {
    const run = await makeWorkflowRun();
    const challenge = await makeChallenge({ workspaceId: run.workspaceId });
    const attempt = await makeAttempt({ challengeId: challenge.id, workflowRunId: run.id });
    await db.workflowNodeRun.createMany({
      data: [0, 1].map((index) => ({
        runId: run.id,
        nodeId: `n${index}`,
        nodeType: "llm",
        index,
        status: "succeeded",
      })),
    });

    await db.workflowRun.delete({ where: { id: run.id } });

    const after = await db.challengeAttempt.findUniqueOrThrow({ where: { id: attempt.id } });
    expect(after.workflowRunId).toBeNull();
    expect(after.challengeId).toBe(challenge.id);
    expect(await db.workflowNodeRun.count({ where: { runId: run.id } })).toBe(0);
  });

  it("deleting a workflow removes versions and runs, and unlinks challenges and red/blue challenges", async () => {
    const workflow = await makeWorkflow();
    const version = await db.workflowVersion.create({
      data: { workflowId: workflow.id, version: 1, graph: {} },
    });
    await db.workflow.update({ where: { id: workflow.id }, data: { publishedVersionId: version.id } });
    const run = await makeWorkflowRun({ workflowId: workflow.id, workflowVersionId: version.id });
    const challenge = await makeChallenge({ workspaceId: workflow.workspaceId, workflowId: workflow.id });
    const attempt = await makeAttempt({ challengeId: challenge.id, workflowRunId: run.id });
    const rb = await makeRedBlueChallenge({ workspaceId: workflow.workspaceId, workflowId: workflow.id });

    await db.workflow.delete({ where: { id: workflow.id } });

    expect(await db.workflowVersion.findUnique({ where: { id: version.id } })).toBeNull();
    expect(await db.workflowRun.findUnique({ where: { id: run.id } })).toBeNull();
    expect((await db.challenge.findUniqueOrThrow({ where: { id: challenge.id } })).workflowId).toBeNull();
    expect((await db.redBlueChallenge.findUniqueOrThrow({ where: { id: rb.id } })).workflowId).toBeNull();
    expect(
      (await db.challengeAttempt.findUniqueOrThrow({ where: { id: attempt.id } })).workflowRunId,
    ).toBeNull();
  });

  it("deleting a version unpublishes it and keeps the runs made with it", async () => {
    const workflow = await makeWorkflow();
    const version = await db.workflowVersion.create({
      data: { workflowId: workflow.id, version: 1, graph: {} },
    });
    await db.workflow.update({ where: { id: workflow.id }, data: { publishedVersionId: version.id } });
    const run = await makeWorkflowRun({ workflowId: workflow.id, workflowVersionId: version.id });

    await db.workflowVersion.delete({ where: { id: version.id } });

    expect(
      (await db.workflow.findUniqueOrThrow({ where: { id: workflow.id } })).publishedVersionId,
    ).toBeNull();
    expect((await db.workflowRun.findUniqueOrThrow({ where: { id: run.id } })).workflowVersionId).toBeNull();
  });
});

describe("deleting an app", () => {
  it("removes its challenges, collections and red/blue challenges, and unlinks workflows and end users", async () => {
    const app = await makeApp();
    const challenge = await makeChallenge({ appId: app.id });
    const collection = await makeCollection({ appId: app.id });
    const rb = await makeRedBlueChallenge({ appId: app.id });
    const workflow = await makeWorkflow({ appId: app.id });
    const endUser = await makeEndUser({ appId: app.id });

    await db.app.delete({ where: { id: app.id } });

    expect(await db.challenge.findUnique({ where: { id: challenge.id } })).toBeNull();
    expect(await db.challengeCollection.findUnique({ where: { id: collection.id } })).toBeNull();
    expect(await db.redBlueChallenge.findUnique({ where: { id: rb.id } })).toBeNull();
    expect((await db.workflow.findUniqueOrThrow({ where: { id: workflow.id } })).appId).toBeNull();
    expect((await db.endUser.findUniqueOrThrow({ where: { id: endUser.id } })).appId).toBeNull();
  });

  it("deleting a collection removes its items but not the challenges", async () => {
    const collection = await makeCollection();
    const challenge = await makeChallenge({ appId: collection.appId });
    await db.challengeCollectionItem.create({
      data: { collectionId: collection.id, challengeId: challenge.id, position: 1 },
    });
    await db.challengeCollection.delete({ where: { id: collection.id } });
    expect(await db.challengeCollectionItem.count({ where: { collectionId: collection.id } })).toBe(0);
    expect(await db.challenge.findUnique({ where: { id: challenge.id } })).not.toBeNull();
  });
});
