// The notification event-type registry: every event name has its type, the payload schemas
// accept the example payloads below as printed (and refuse what they leave out), and each type's texts
// are plain and link within the site.
import { describe, expect, it } from "vitest";
import {
  NOTIFICATION_EVENTS,
  notificationPayloadSchema,
  notificationPayloadSchemas,
  type NotificationPayloads,
} from "@/lib/contracts/notifications";
import type { Tx } from "@/lib/db";
import { notificationEventTypes, PREFERENCE_KEYS } from "@/lib/services/notifications/events";

// Example payloads, as webhook receivers get them.
const SEED_RECORD_BEATEN: NotificationPayloads["challenge_record_beaten"] = {
  event: "challenge_record_beaten",
  challenge_id: "...",
  scoring_strategy: "highest_rating",
  previous_record: { account_id: "...", score: 95.2 },
  new_record: { account_id: "...", score: 96.8 },
  occurred_at: 1730000000000,
};
const SEED_PAIRING: NotificationPayloads["team_pairing_completed"] = {
  event: "team_pairing_completed",
  red_blue_challenge_id: "...",
  pairing_id: "...",
  attack_submission_id: "...",
  defense_submission_id: "...",
  categories: { CBRNE: true, SA: false, SH: true },
  judge_rating: 8,
  red_points: 4,
  blue_points: 2,
  occurred_at: 1730000000001,
};
const FIRST_BLOOD: NotificationPayloads["challenge_first_blood"] = {
  event: "challenge_first_blood",
  challenge_id: "c1",
  scoring_strategy: "first",
  account_id: "a1",
  attempt_id: "t1",
  score: 100,
  occurred_at: 1730000000002,
};

describe("notification event types", () => {
  it("has one type per event name, each with a known preference", () => {
    expect(Object.keys(notificationEventTypes).sort()).toEqual([...NOTIFICATION_EVENTS].sort());
    for (const name of NOTIFICATION_EVENTS) {
      const type = notificationEventTypes[name];
      expect(type.event).toBe(name);
      expect([...PREFERENCE_KEYS, null]).toContain(type.preference);
      expect(type.payload).toBe(notificationPayloadSchemas[name]);
    }
  });

  it("accepts the example payloads as printed, and refuses incomplete ones", () => {
    expect(notificationPayloadSchema.parse(SEED_RECORD_BEATEN)).toEqual(SEED_RECORD_BEATEN);
    expect(notificationPayloadSchema.parse(SEED_PAIRING)).toEqual(SEED_PAIRING);
    expect(notificationPayloadSchema.parse(FIRST_BLOOD)).toEqual(FIRST_BLOOD);
    const { occurred_at: _dropped, ...noTime } = SEED_RECORD_BEATEN;
    expect(notificationPayloadSchema.safeParse(noTime).success).toBe(false);
    expect(notificationPayloadSchema.safeParse({ ...SEED_PAIRING, categories: { CBRNE: "yes" } }).success).toBe(false);
    expect(notificationPayloadSchema.safeParse({ ...FIRST_BLOOD, event: "challenge_unknown" }).success).toBe(false);
  });

  it("renders plain player-facing texts that link within the site", () => {
    const beaten = notificationEventTypes.challenge_record_beaten.render(SEED_RECORD_BEATEN, "The Vault");
    expect(beaten).toEqual({
      title: "Your record on “The Vault” was beaten",
      body: "Another player took the top spot on “The Vault” (95.2 → 96.8). Try to win it back.",
      link: "/challenges/...",
    });
    const first = notificationEventTypes.challenge_first_blood.render(FIRST_BLOOD, null);
    expect(first.title).toBe("First blood on a challenge");
    expect(first.link).toBe("/challenges/c1");
    const pairing = notificationEventTypes.team_pairing_completed.render(SEED_PAIRING, "Siege");
    expect(pairing.body).toBe("Your Red/Blue pairing was judged: red 4, blue 2 points.");
    for (const text of [beaten, first, pairing]) expect(text.title + text.body).not.toMatch(/[<>]|undefined|null|NaN/);
  });

  it("names the recipients from the payload: the first-blood player, the previous record holder", async () => {
    // A transaction that refuses every use: these types read nothing.
    const tx = new Proxy({} as Tx, {
      get() {
        throw new Error("expected no query");
      },
    });
    const { challenge_first_blood: firstBlood, challenge_record_beaten: recordBeaten } = notificationEventTypes;
    expect(await firstBlood.recipients(FIRST_BLOOD, "w", tx)).toEqual(["a1"]);
    expect(await firstBlood.recipients({ ...FIRST_BLOOD, account_id: null }, "w", tx)).toEqual([]);
    const beaten = { ...SEED_RECORD_BEATEN, previous_record: { account_id: "old", score: 1 }, new_record: { account_id: "new", score: 2 } };
    expect(await recordBeaten.recipients(beaten, "w", tx)).toEqual(["old"]);
    const anonymous = { ...beaten, previous_record: { account_id: null, score: 1 } };
    expect(await recordBeaten.recipients(anonymous, "w", tx)).toEqual([]);
  });
});
