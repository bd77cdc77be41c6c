// Referential actions (onDelete: Cascade / SetNull) behave as declared in prisma/schema/ on
// both databases: players, red/blue challenges and notifications.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  makeAccount,
  makeAttempt,
  makeChallenge,
  makeEndUser,
  makeMembership,
  makeNotificationEvent,
  makeRedBlueChallenge,
  makeWebhookEndpoint,
  makeWorkflowRun,
  makeWorkspace,
  unique,
} from "@/tests/helpers/factories";
import { deliveryData, makeLeaderboardEntry, makeSubmission } from "./models-support";

describe("deleting players", () => {
  it("deleting an end user removes their attempts (and best-attempt entries) and unlinks runs and team rows", async () => {
    const endUser = await makeEndUser();
    const challenge = await makeChallenge({ workspaceId: endUser.workspaceId });
    const attempt = await makeAttempt({ challengeId: challenge.id, endUserId: endUser.id });
    const entry = await makeLeaderboardEntry(attempt);
    const run = await makeWorkflowRun({ workspaceId: endUser.workspaceId, endUserId: endUser.id });
    const rb = await makeRedBlueChallenge({ workspaceId: endUser.workspaceId });
    const member = await db.teamMember.create({
      data: { redBlueChallengeId: rb.id, accountId: endUser.accountId!, endUserId: endUser.id, team: "red" },
    });
    const submission = await makeSubmission(rb, "red", endUser.id);

    await db.endUser.delete({ where: { id: endUser.id } });

    expect(await db.challengeAttempt.findUnique({ where: { id: attempt.id } })).toBeNull();
    expect(await db.challengeLeaderboardEntry.findUnique({ where: { id: entry.id } })).toBeNull();
    expect((await db.workflowRun.findUniqueOrThrow({ where: { id: run.id } })).endUserId).toBeNull();
    expect((await db.teamMember.findUniqueOrThrow({ where: { id: member.id } })).endUserId).toBeNull();
    expect(
      (await db.teamSubmission.findUniqueOrThrow({ where: { id: submission.id } })).endUserId,
    ).toBeNull();
    expect(await db.account.findUnique({ where: { id: endUser.accountId! } })).not.toBeNull();
  });

  it("deleting an account cascades to its identity rows and sets account references null elsewhere", async () => {
    const account = await makeAccount();
    const ws = await makeWorkspace();
    await makeMembership({ workspaceId: ws.id, accountId: account.id });
    await db.playerProfile.create({ data: { accountId: account.id } });
    await db.notification.create({ data: { accountId: account.id, type: "t", title: "t", body: "b" } });
    const token = await db.apiToken.create({
      data: {
        workspaceId: ws.id,
        name: "t",
        tokenHash: unique("h"),
        prefix: "p",
        scopes: [],
        createdById: account.id,
      },
    });
    // The account's own end user and an attempt made through it.
    const ownEndUser = await makeEndUser({ workspaceId: ws.id, accountId: account.id });
    const challenge = await makeChallenge({ workspaceId: ws.id });
    const ownAttempt = await makeAttempt({ challengeId: challenge.id, endUserId: ownEndUser.id });
    // An attempt attributed to the account but recorded under an anonymous end user.
    const anon = await makeEndUser({ workspaceId: ws.id, type: "anonymous" });
    const anonAttempt = await makeAttempt({
      challengeId: challenge.id,
      endUserId: anon.id,
      accountId: account.id,
    });
    const anonEntry = await makeLeaderboardEntry(anonAttempt);
    const rb = await makeRedBlueChallenge({ workspaceId: ws.id });
    await db.teamMember.create({ data: { redBlueChallengeId: rb.id, accountId: account.id, team: "blue" } });

    await db.account.delete({ where: { id: account.id } });

    const byAccount = { where: { accountId: account.id } };
    expect(await db.membership.count(byAccount)).toBe(0);
    expect(await db.playerProfile.count(byAccount)).toBe(0);
    expect(await db.notification.count(byAccount)).toBe(0);
    expect(await db.teamMember.count(byAccount)).toBe(0);
    expect(await db.endUser.count(byAccount)).toBe(0);
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: token.id } })).createdById).toBeNull();
    // EndUser.account is Cascade, so attempts made through the account's end user go with it;
    // ChallengeAttempt.account's SetNull only shows on attempts under another end user.
    expect(await db.challengeAttempt.findUnique({ where: { id: ownAttempt.id } })).toBeNull();
    expect(
      (await db.challengeAttempt.findUniqueOrThrow({ where: { id: anonAttempt.id } })).accountId,
    ).toBeNull();
    expect(
      (await db.challengeLeaderboardEntry.findUniqueOrThrow({ where: { id: anonEntry.id } })).accountId,
    ).toBeNull();
    expect(await db.workspace.findUnique({ where: { id: ws.id } })).not.toBeNull();
  });
});

describe("red/blue and notifications", () => {
  it("deleting a submission unlinks the pairings that used it", async () => {
    const rb = await makeRedBlueChallenge();
    const [attack, defense] = [await makeSubmission(rb, "red"), await makeSubmission(rb, "blue")];
    const pairing = await db.teamPairing.create({
      data: {
        redBlueChallengeId: rb.id,
        workspaceId: rb.workspaceId,
        attackSubmissionId: attack.id,
        defenseSubmissionId: defense.id,
      },
    });
    await db.teamSubmission.delete({ where: { id: attack.id } });
    const after = await db.teamPairing.findUniqueOrThrow({ where: { id: pairing.id } });
    expect(after.attackSubmissionId).toBeNull();
    expect(after.defenseSubmissionId).toBe(defense.id);
  });

  it("deleting a red/blue challenge removes its members, submissions and pairings", async () => {
    const rb = await makeRedBlueChallenge();
    const account = await makeAccount();
    await db.teamMember.create({ data: { redBlueChallengeId: rb.id, accountId: account.id, team: "red" } });
    const attack = await makeSubmission(rb, "red");
    await db.teamPairing.create({
      data: { redBlueChallengeId: rb.id, workspaceId: rb.workspaceId, attackSubmissionId: attack.id },
    });
    await db.redBlueChallenge.delete({ where: { id: rb.id } });
    const byRb = { where: { redBlueChallengeId: rb.id } };
    expect([
      await db.teamMember.count(byRb),
      await db.teamSubmission.count(byRb),
      await db.teamPairing.count(byRb),
    ]).toEqual([0, 0, 0]);
    expect(await db.account.findUnique({ where: { id: account.id } })).not.toBeNull();
  });

  it("deleting an event keeps notifications (eventId null) and removes its deliveries; deleting an endpoint removes its deliveries", async () => {
    const endpoint = await makeWebhookEndpoint();
    const [event, event2] = [
      await makeNotificationEvent({ workspaceId: endpoint.workspaceId }),
      await makeNotificationEvent({ workspaceId: endpoint.workspaceId }),
    ];
    const account = await makeAccount();
    const note = await db.notification.create({
      data: { accountId: account.id, eventId: event.id, type: "t", title: "t", body: "b" },
    });
    await db.webhookDelivery.createMany({
      data: [deliveryData(endpoint.id, event.id), deliveryData(endpoint.id, event2.id)],
    });

    await db.notificationEvent.delete({ where: { id: event.id } });
    expect((await db.notification.findUniqueOrThrow({ where: { id: note.id } })).eventId).toBeNull();
    expect(
      await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, select: { eventId: true } }),
    ).toEqual([{ eventId: event2.id }]);

    await db.webhookEndpoint.delete({ where: { id: endpoint.id } });
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    expect(await db.notificationEvent.findUnique({ where: { id: event2.id } })).not.toBeNull();
  });
});
