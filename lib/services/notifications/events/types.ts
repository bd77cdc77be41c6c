import type { z } from "zod";
import type { Tx } from "@/lib/db";
import type { NotificationEventName, NotificationPayloads } from "@/lib/contracts/notifications";

// One event type of the notification registry (index.ts): who is told, under which of their
// preferences, and what they read. Adding an event type: its name and payload schema in
// lib/contracts/notifications.ts, one file here, one line in index.ts.

/** The player_profiles preferences that let a player hear about an event type (all default to on). */
export const PREFERENCE_KEYS = ["notifyOnFirstBlood", "notifyOnRecordBeaten", "notifyOnPairing"] as const;
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number];

/** What an event is about; its name goes into the text (read within the event's workspace). */
export interface SubjectRef {
  table: "challenges" | "red_blue_challenges";
  id: string;
}

export interface Rendered {
  title: string;
  body: string;
  /** A path on this site, or null. */
  link: string | null;
}

export interface NotificationEventType<E extends NotificationEventName> {
  event: E;
  payload: z.ZodType<NotificationPayloads[E]>;
  /** null: always told (a decision about the player's own attempt). */
  preference: PreferenceKey | null;
  /** The accounts to tell (the dispatch drops unknown or inactive ones and applies preferences); reads in the dispatch's transaction. */
  recipients(payload: NotificationPayloads[E], workspaceId: string, tx: Tx): Promise<string[]>;
  subject(payload: NotificationPayloads[E]): SubjectRef;
  /** The player's text; `subjectName` is null when the challenge is gone. */
  render(payload: NotificationPayloads[E], subjectName: string | null): Rendered;
  /** One line for the console's event log. */
  summary(payload: NotificationPayloads[E], subjectName: string | null): string;
}

/** A score as people read it: at most two decimals, no trailing zeros. */
export function formatScore(score: number): string {
  return String(Math.round(score * 100) / 100);
}

export const challengeLink = (challengeId: string) => `/challenges/${encodeURIComponent(challengeId)}`;

export const quoted = (name: string | null, fallback: string) => (name ? `“${name}”` : fallback);
