import { pairingCompletedPayloadSchema } from "@/lib/contracts/notifications";
import { formatScore, quoted, type NotificationEventType } from "./types";

// A Red/Blue pairing was judged: both submitters (the attack's and the defense's) hear about it.

export const teamPairingCompleted: NotificationEventType<"team_pairing_completed"> = {
  event: "team_pairing_completed",
  payload: pairingCompletedPayloadSchema,
  preference: "notifyOnPairing",
  async recipients(payload, workspaceId, tx) {
    const rows = await tx.teamSubmission.findMany({
      where: { workspaceId, id: { in: [payload.attack_submission_id, payload.defense_submission_id] } },
      select: { accountId: true },
    });
    return rows.flatMap((r) => (r.accountId ? [r.accountId] : []));
  },
  subject: (payload) => ({ table: "red_blue_challenges", id: payload.red_blue_challenge_id }),
  render(payload, name) {
    const points = `red ${formatScore(payload.red_points)}, blue ${formatScore(payload.blue_points)}`;
    return {
      title: `Pairing judged on ${quoted(name, "a Red/Blue challenge")}`,
      body: `Your Red/Blue pairing was judged: ${points} points.`,
      link: "/red-blue",
    };
  },
  summary(payload, name) {
    const rating = payload.judge_rating === null ? "" : `, rating ${formatScore(payload.judge_rating)}`;
    return `Pairing judged on ${quoted(name, payload.red_blue_challenge_id)} (red ${formatScore(payload.red_points)}, blue ${formatScore(payload.blue_points)}${rating})`;
  },
};
