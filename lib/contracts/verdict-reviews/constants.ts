// The review vocabulary and limits, without zod: the player's flag control imports only these,
// so the play page's JavaScript does not carry the contracts.

export const FLAG_REASONS = ["should_have_won", "should_not_have_won", "other"] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
export const REVIEW_SOURCES = ["flag", "contested"] as const;
export const REVIEW_STATUSES = ["open", "decided"] as const;
export const REVIEW_VERDICTS = ["win", "no_win"] as const;
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number];
export const REVIEW_DECISIONS = ["confirmed", "overturned"] as const;

/** Longest flag details a player may write. */
export const MAX_FLAG_DETAILS = 1000;
/** Longest decision note. */
export const MAX_DECISION_NOTE = 2000;
