import { submissionRequestedPayloadSchema } from "@/lib/contracts/notifications";
import { quoted, type NotificationEventType } from "./types";

// request_new_if_none found nothing fresh from one side of a Red/Blue challenge: the players of
// that side (its members) are asked for a new submission.

const sideName = (team: "red" | "blue") => (team === "red" ? "red (attack)" : "blue (defense)");

export const teamSubmissionRequested: NotificationEventType<"team_submission_requested"> = {
  event: "team_submission_requested",
  payload: submissionRequestedPayloadSchema,
  preference: "notifyOnPairing",
  async recipients(payload, workspaceId, tx) {
    const rows = await tx.teamMember.findMany({
      where: { redBlueChallengeId: payload.red_blue_challenge_id, team: payload.team, redBlueChallenge: { workspaceId } },
      select: { accountId: true },
    });
    return rows.map((r) => r.accountId);
  },
  subject: (payload) => ({ table: "red_blue_challenges", id: payload.red_blue_challenge_id }),
  render(payload, name) {
    return {
      title: `A new ${payload.team === "red" ? "attack" : "defense"} is wanted on ${quoted(name, "a Red/Blue challenge")}`,
      body: `The other side is waiting for a fresh submission from the ${sideName(payload.team)} team.`,
      link: `/red-blue/${encodeURIComponent(payload.red_blue_challenge_id)}`,
    };
  },
  summary(payload, name) {
    return `New ${payload.team} submission requested on ${quoted(name, payload.red_blue_challenge_id)}`;
  },
};
