import { verdictReviewedPayloadSchema } from "@/lib/contracts/notifications";
import { challengeLink, quoted, type NotificationEventType } from "./types";

// A workspace member decided the review of a player's attempt: the player hears whether the
// verdict changed, with the member's note. Always told: it is about their own attempt.

const verdictWords = (v: "win" | "no_win") => (v === "win" ? "a win" : "not a win");

export const verdictReviewed: NotificationEventType<"verdict_reviewed"> = {
  event: "verdict_reviewed",
  payload: verdictReviewedPayloadSchema,
  preference: null,
  recipients(payload) {
    return Promise.resolve(payload.account_id ? [payload.account_id] : []);
  },
  subject: (payload) => ({ table: "challenges", id: payload.challenge_id }),
  render(payload, name) {
    const challenge = quoted(name, "a challenge");
    const changed = payload.decision === "overturned";
    return {
      title: changed
        ? `The verdict on your attempt at ${challenge} was changed`
        : `The verdict on your attempt at ${challenge} was confirmed`,
      body: `${changed ? "After review, your attempt now counts as" : "After review, your attempt stays"} ${verdictWords(payload.verdict)}. Note from the creator: ${payload.note}`,
      link: challengeLink(payload.challenge_id),
    };
  },
  summary(payload, name) {
    return `Verdict ${payload.decision} on ${quoted(name, payload.challenge_id)} (${payload.verdict})`;
  },
};
