import type { z } from "zod";
import type { NotificationEventName, NotificationPayloads } from "@/lib/contracts/notifications";
import type { Tx } from "@/lib/db";
import type { FirstBloodPayload, RecordBeatenPayload } from "@/lib/services/attempts/record";
import { challengeFirstBlood } from "./challenge-first-blood";
import { challengeRecordBeaten } from "./challenge-record-beaten";
import { teamPairingCompleted } from "./team-pairing-completed";
import { teamSubmissionRequested } from "./team-submission-requested";
import { verdictReviewed } from "./verdict-reviewed";
import type { NotificationEventType, PreferenceKey, Rendered, SubjectRef } from "./types";

// The event-type registry: a Record over NOTIFICATION_EVENTS, so a name without its type does
// not compile. A new event type is one file in this folder and one line here.

export const notificationEventTypes: { [E in NotificationEventName]: NotificationEventType<E> } = {
  challenge_first_blood: challengeFirstBlood,
  challenge_record_beaten: challengeRecordBeaten,
  team_pairing_completed: teamPairingCompleted,
  team_submission_requested: teamSubmissionRequested,
  verdict_reviewed: verdictReviewed,
};

export type { NotificationEventType, PreferenceKey, Rendered, SubjectRef } from "./types";

/**
 * A registry entry with its payload type erased: for code that reads an event row by name and
 * parses the payload with the same entry's schema before calling anything else on it.
 */
export interface AnyNotificationEventType {
  event: NotificationEventName;
  payload: z.ZodType<unknown>;
  preference: PreferenceKey | null;
  recipients(payload: unknown, workspaceId: string, tx: Tx): Promise<string[]>;
  subject(payload: unknown): SubjectRef;
  render(payload: unknown, subjectName: string | null): Rendered;
  summary(payload: unknown, subjectName: string | null): string;
}

export function eventTypeOf(name: NotificationEventName): AnyNotificationEventType {
  return notificationEventTypes[name];
}
export { PREFERENCE_KEYS } from "./types";

// The attempt transaction writes these payloads (lib/services/attempts/record.ts): its types and
// the contract's schemas must describe the same objects, in both directions.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const payloadsAgree: [
  Same<FirstBloodPayload, NotificationPayloads["challenge_first_blood"]>,
  Same<RecordBeatenPayload, NotificationPayloads["challenge_record_beaten"]>,
] = [true, true];
void payloadsAgree;
