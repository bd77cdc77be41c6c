import { firstBloodPayloadSchema } from "@/lib/contracts/notifications";
import { challengeLink, formatScore, quoted, type NotificationEventType } from "./types";

// The first successful attempt on a challenge: the player who drew it hears about it.

export const challengeFirstBlood: NotificationEventType<"challenge_first_blood"> = {
  event: "challenge_first_blood",
  payload: firstBloodPayloadSchema,
  preference: "notifyOnFirstBlood",
  recipients(payload) {
    return Promise.resolve(payload.account_id ? [payload.account_id] : []);
  },
  subject: (payload) => ({ table: "challenges", id: payload.challenge_id }),
  render(payload, name) {
    const challenge = quoted(name, "a challenge");
    const score = payload.score === null ? "" : ` Your score: ${formatScore(payload.score)}.`;
    return {
      title: `First blood on ${challenge}`,
      body: `You were the first player to beat ${challenge}.${score}`,
      link: challengeLink(payload.challenge_id),
    };
  },
  summary(payload, name) {
    const score = payload.score === null ? "" : ` (score ${formatScore(payload.score)})`;
    return `First success on ${quoted(name, payload.challenge_id)}${score}`;
  },
};
