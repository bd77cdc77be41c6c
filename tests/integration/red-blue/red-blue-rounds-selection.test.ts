// Red/blue rounds, how the opponent is chosen: every selection policy (latest_best, random_active,
// round_robin, request_new_if_none) through submitTeamPrompt with instant models, never pairing a
// player with their own submission. Runs on SQLite and on PostgreSQL.
import { describe, expect, it } from "vitest";
import { submissionRequestedPayloadSchema } from "@/lib/contracts/notifications";
import { db } from "@/lib/db";
import { expectConsistent } from "./red-blue-rounds-checks";
import {
  type Challenge,
  challenge,
  defense,
  HARMLESS,
  joined,
  LEAK,
  NO_GATE,
  pairingRow,
  play,
  player,
  secretScanSuite,
  storeSubmission,
  loadRoundModels,
} from "./red-blue-rounds-support";

loadRoundModels();

describe("selection policies", () => {
  const seedDefense = (c: Challenge, accountId: string, createdAt: Date) =>
    storeSubmission(c, accountId, "blue", defense(), { utilityPassed: true, createdAt });
  /** A past pairing giving `defenseId` a record (blue won `blue`, lost `red`). */
  async function record(
    c: Challenge,
    defenseId: string,
    defenseAccountId: string,
    red: number,
    blue: number,
  ) {
    const attacker = await player();
    const attack = await storeSubmission(c, attacker.id, "red", "old attack", { active: false });
    await db.teamPairing.create({
      data: {
        redBlueChallengeId: c.id,
        workspaceId: c.workspaceId,
        attackSubmissionId: attack.id,
        defenseSubmissionId: defenseId,
        attackAccountId: attacker.id,
        defenseAccountId,
        redPoints: red,
        bluePoints: blue,
        categories: {},
      },
    });
  }

  it("latest_best: each opponent's newest defense, the strongest record first", async () => {
    const c = await challenge(NO_GATE, { defense: "latest_best" });
    const [b1, b2, b3] = await joined(c.id, "blue", 3);
    const t = Date.now() - 60_000;
    const d1 = await seedDefense(c, b1!.id, new Date(t));
    const d2 = await seedDefense(c, b2!.id, new Date(t + 1000));
    const d3old = await seedDefense(c, b3!.id, new Date(t + 2000));
    await record(c, d1.id, b1!.id, 0, 3); // strong
    await record(c, d2.id, b2!.id, 4, 0); // weak
    await record(c, d3old.id, b3!.id, 0, 9); // strongest, but b3 has a newer one below
    const d3new = await seedDefense(c, b3!.id, new Date(t + 3000)); // untested: 1/2
    const [red] = await joined(c.id, "red", 1);
    const res = await play(c.id, red!, "red", HARMLESS);
    const picked = await pairingRow(res);
    // b1's d1: (3+1)/(3+2) = 0.8 beats d3new 0.5 and d2 1/6; d3old is not b3's latest.
    expect(picked.defenseSubmissionId).toBe(d1.id);
    expect([d2.id, d3old.id, d3new.id]).not.toContain(picked.defenseSubmissionId);
  });

  it("random_active: the pick follows the random number over all active defenses, newest first", async () => {
    const c = await challenge(NO_GATE, { defense: "random_active" });
    const [b1, b2] = await joined(c.id, "blue", 2);
    const t = Date.now() - 60_000;
    const oldest = await seedDefense(c, b1!.id, new Date(t));
    const middle = await seedDefense(c, b2!.id, new Date(t + 1000));
    const newest = await seedDefense(c, b1!.id, new Date(t + 2000));
    await storeSubmission(c, b2!.id, "blue", "inactive", { active: false, createdAt: new Date(t + 3000) });
    const [red] = await joined(c.id, "red", 1);
    const pickWith = async (r: number) => {
      const res = await play(c.id, red!, "red", HARMLESS, { deps: { random: () => r } });
      return (await pairingRow(res)).defenseSubmissionId;
    };
    expect(await pickWith(0)).toBe(newest.id);
    expect(await pickWith(0.5)).toBe(middle.id);
    expect(await pickWith(0.99)).toBe(oldest.id);
  });

  it("round_robin: 6 attacks by one player over 3 defenders → exactly 2 each, kept in team_rotations", async () => {
    const c = await challenge(NO_GATE, { defense: "round_robin" });
    const blues = await joined(c.id, "blue", 3);
    for (const b of blues) await play(c.id, b, "blue", defense());
    const [red] = await joined(c.id, "red", 1);
    const order: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await play(c.id, red!, "red", i % 2 ? LEAK : HARMLESS);
      order.push((await pairingRow(res)).defenseAccountId!);
    }
    const counts = new Map<string, number>();
    for (const a of order) counts.set(a, (counts.get(a) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual(blues.map((b) => b.id).sort());
    expect([...counts.values()]).toEqual([2, 2, 2]);
    // Each round of three visits every defender once.
    expect(new Set(order.slice(0, 3)).size).toBe(3);
    expect(new Set(order.slice(3)).size).toBe(3);
    const rotations = await db.teamRotation.findMany({
      where: { redBlueChallengeId: c.id, accountId: red!.id },
    });
    expect(rotations.map((r) => [r.opponentAccountId, r.picks, r.team]).sort()).toEqual(
      blues.map((b) => [b.id, 2, "red"]).sort(),
    );
    await expectConsistent(c.id);
  });

  it("round_robin stays fair over 3 attackers when a defender submits 6 defenses in parallel", async () => {
    const c = await challenge(NO_GATE, { attack: "round_robin" });
    const reds = await joined(c.id, "red", 3);
    for (const r of reds) await play(c.id, r, "red", HARMLESS);
    const [blue] = await joined(c.id, "blue", 1);
    const results = await Promise.all(Array.from({ length: 6 }, () => play(c.id, blue!, "blue", defense())));
    const rows = await db.teamPairing.findMany({ where: { id: { in: results.map((r) => r.pairing!.id) } } });
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.attackAccountId!, (counts.get(r.attackAccountId!) ?? 0) + 1);
    expect([...counts.values()].sort()).toEqual([2, 2, 2]);
  });

  it("never pairs a player with their own submission, under every policy", async () => {
    for (const policy of ["latest_best", "random_active", "round_robin", "request_new_if_none"]) {
      const c = await challenge(NO_GATE, { defense: policy });
      const [red] = await joined(c.id, "red", 1);
      // A defense of the red player's own account (e.g. written before a rule change).
      await seedDefense(c, red!.id, new Date(Date.now() - 1000));
      const res = await play(c.id, red!, "red", LEAK);
      expect(res.pairing, policy).toBeNull();
      expect(res.waiting).toBe(true);
      const [blue] = await joined(c.id, "blue", 1);
      await play(c.id, blue!, "blue", defense());
      const next = await play(c.id, red!, "red", LEAK, { deps: { random: () => 0.999 } });
      const row = await pairingRow(next);
      expect(row.defenseAccountId, policy).toBe(blue!.id);
    }
  });

  it("request_new_if_none: fresh first; nothing fresh → asks the other side and uses the last one", async () => {
    const c = await challenge(
      { utility_gate: { prompts: [], mode: "reject" } },
      { defense: "request_new_if_none" },
    );
    const [red] = await joined(c.id, "red", 1);
    const [b1, b2] = await joined(c.id, "blue", 2);
    const requested = async () =>
      (
        await db.notificationEvent.findMany({
          where: { workspaceId: c.workspaceId, event: "team_submission_requested" },
          orderBy: { createdAt: "asc" },
        })
      ).map((e) => submissionRequestedPayloadSchema.parse(e.payload));

    // Nothing at all: waits, and asks blue.
    const none = await play(c.id, red!, "red", LEAK);
    expect(none).toMatchObject({ waiting: true, pairing: null, requested_opponent: true });
    expect(await requested()).toEqual([
      {
        event: "team_submission_requested",
        red_blue_challenge_id: c.id,
        team: "blue",
        requested_by_submission_id: none.submission.id,
        occurred_at: expect.any(Number),
      },
    ]);

    const d1 = await play(c.id, b1!, "blue", defense());
    // d1 came after red's previous attack: fresh.
    const a2 = await play(c.id, red!, "red", LEAK);
    expect(a2.requested_opponent).toBe(false);
    expect((await pairingRow(a2)).defenseSubmissionId).toBe(d1.submission.id);
    // Nothing new since a2: falls back to d1 and asks again.
    const a3 = await play(c.id, red!, "red", HARMLESS);
    expect(a3.requested_opponent).toBe(true);
    expect((await pairingRow(a3)).defenseSubmissionId).toBe(d1.submission.id);
    expect((await requested()).map((p) => p.requested_by_submission_id)).toEqual([
      none.submission.id,
      a3.submission.id,
    ]);
    // A fresh defense from b2 is taken without asking.
    const d2 = await play(c.id, b2!, "blue", defense());
    const a4 = await play(c.id, red!, "red", LEAK);
    expect(a4.requested_opponent).toBe(false);
    expect((await pairingRow(a4)).defenseSubmissionId).toBe(d2.submission.id);

    // The request reaches the blue side's members through the notification registry.
    const { notificationEventTypes } = await import("@/lib/services/notifications/events");
    const [first] = await requested();
    const recipients = await db.$transaction((tx) =>
      notificationEventTypes.team_submission_requested.recipients(first!, c.workspaceId, tx),
    );
    expect(recipients.sort()).toEqual([b1!.id, b2!.id].sort());
    expect(notificationEventTypes.team_submission_requested.render(first!, "Demo").link).toBe(
      `/red-blue/${c.id}`,
    );
    // The dispatch turns it into one in-app notification per blue member, none for red.
    const { dispatchNotificationEvent } = await import("@/lib/services/notifications/dispatch");
    const event = await db.notificationEvent.findFirstOrThrow({
      where: { workspaceId: c.workspaceId, event: "team_submission_requested" },
      orderBy: { createdAt: "asc" },
    });
    await dispatchNotificationEvent(event.id);
    const inbox = await db.notification.findMany({ where: { eventId: event.id } });
    expect(inbox.map((n) => n.accountId).sort()).toEqual([b1!.id, b2!.id].sort());
    expect(inbox[0]).toMatchObject({ type: "team_submission_requested", link: `/red-blue/${c.id}` });
    expect(inbox[0]!.title).toMatch(/^A new defense is wanted on /);
  });
});

secretScanSuite({ minAnswers: 20 });
