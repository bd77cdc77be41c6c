import { recordBeatenPayloadSchema } from "@/lib/contracts/notifications";
import { challengeLink, formatScore, quoted, type NotificationEventType } from "./types";

// The top of a challenge's board passed from one player to another: the previous record holder
// hears about it.

function scores(prev: number | null, next: number | null): string | null {
  if (prev === null || next === null || prev === next) return null;
  return `${formatScore(prev)} → ${formatScore(next)}`;
}

export const challengeRecordBeaten: NotificationEventType<"challenge_record_beaten"> = {
  event: "challenge_record_beaten",
  payload: recordBeatenPayloadSchema,
  preference: "notifyOnRecordBeaten",
  recipients(payload) {
    const previous = payload.previous_record.account_id;
    return Promise.resolve(previous && previous !== payload.new_record.account_id ? [previous] : []);
  },
  subject: (payload) => ({ table: "challenges", id: payload.challenge_id }),
  render(payload, name) {
    const challenge = quoted(name, "a challenge");
    const change = scores(payload.previous_record.score, payload.new_record.score);
    return {
      title: `Your record on ${challenge} was beaten`,
      body: `Another player took the top spot on ${challenge}${change ? ` (${change})` : ""}. Try to win it back.`,
      link: challengeLink(payload.challenge_id),
    };
  },
  summary(payload, name) {
    const change = scores(payload.previous_record.score, payload.new_record.score);
    return `New record on ${quoted(name, payload.challenge_id)} (${payload.scoring_strategy}${change ? `, ${change}` : ""})`;
  },
};
