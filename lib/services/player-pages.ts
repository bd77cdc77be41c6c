import "server-only";
import type { AttemptHistoryItem } from "@/lib/contracts/attempts";
import type { DailySolves } from "@/lib/contracts/boards";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { notFound } from "@/lib/errors";
import { Prisma } from "@/lib/generated/sqlite/client";
import { signAssetUrl, refreshThemeAssetUrls } from "@/lib/services/assets";
import { allowance, type PlayerAllowance } from "@/lib/services/attempts/limits";
import { sanitizeTheme, type SanitizedTheme } from "@/lib/theme";
import { completeTheme } from "@/lib/theme/contrast";

// Reads for the player pages that the public web API does not need: the viewer's own attempt
// history and allowance on a challenge, and the solves-over-time series of the leaderboard
// charts. Like public-challenges.ts, every field is selected explicitly: no secret, pattern or
// workflow detail leaves through here.

export const HISTORY_LIMIT = 20;

export interface PlayState {
  history: AttemptHistoryItem[];
  /** null = unlimited. */
  attempts_left: number | null;
  cooldown_until: string | null;
}

/** The attempt columns a history item shows (the signed-in player's and a guest's alike). */
export const HISTORY_SELECT = {
  id: true,
  status: true,
  succeeded: true,
  judgeRating: true,
  judgeFeedback: true,
  prompt: true,
  response: true,
  errorMessage: true,
  tokensTotal: true,
  elapsedMs: true,
  createdAt: true,
  // Whether the player flagged its verdict for review (lib/services/verdict-reviews.ts).
  flags: { select: { id: true }, take: 1 },
} satisfies Prisma.ChallengeAttemptSelect;

type HistoryRow = Prisma.ChallengeAttemptGetPayload<{ select: typeof HISTORY_SELECT }>;

/** A play state from the newest attempts (HISTORY_SELECT) and the allowance left. */
export function toPlayState(rows: HistoryRow[], allowed: PlayerAllowance): PlayState {
  return {
    history: rows.map((r) => ({
      id: r.id,
      status: r.status,
      succeeded: r.succeeded,
      judge_rating: r.judgeRating,
      judge_feedback: r.judgeFeedback,
      prompt: r.prompt,
      answer: r.response,
      error_message: r.errorMessage,
      tokens_total: r.tokensTotal,
      elapsed_ms: r.elapsedMs,
      created_at: r.createdAt.toISOString(),
      flagged: r.flags.length > 0,
    })),
    attempts_left: allowed.attemptsLeft,
    cooldown_until: allowed.cooldownUntil?.toISOString() ?? null,
  };
}

/** The signed-in player's last attempts on a challenge (newest first) and what they may do next. */
export async function getPlayState(challengeId: string, accountId: string): Promise<PlayState> {
  const challenge = await db.challenge.findFirst({
    where: { id: challengeId, isActive: true },
    select: { id: true, workspaceId: true, maxAttempts: true, cooldownSeconds: true },
  });
  if (!challenge) throw notFound("Challenge");
  const [rows, endUser] = await Promise.all([
    db.challengeAttempt.findMany({
      where: { accountId, challengeId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: HISTORY_LIMIT,
      select: HISTORY_SELECT,
    }),
    db.endUser.findFirst({ where: { workspaceId: challenge.workspaceId, accountId }, select: { id: true } }),
  ]);
  const allowed = endUser
    ? await allowance(db, challenge, endUser.id)
    : { attemptsLeft: challenge.maxAttempts, cooldownUntil: null };
  return toPlayState(rows, allowed);
}

export const SOLVES_CHART_DAYS = 30;

const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Players solving per UTC day over the last `days` days (oldest first, every day present), for
 * one challenge or the challenges of a collection. One aggregate query over the
 * (challenge_id, succeeded, created_at) index range; attempts are never loaded.
 */
export async function getSolvesPerDay(
  target: { challengeId: string } | { collectionId: string },
  days = SOLVES_CHART_DAYS,
  now = new Date(),
): Promise<DailySolves[]> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const challengeIds =
    "challengeId" in target
      ? [target.challengeId]
      : (
          await db.challengeCollectionItem.findMany({
            where: { collectionId: target.collectionId },
            select: { challengeId: true },
          })
        ).map((i) => i.challengeId);

  const counts = new Map<string, number>();
  if (challengeIds.length > 0) {
    const rows = await dailyCounts(challengeIds, start);
    for (const r of rows) counts.set(String(r.day).slice(0, 10), Number(r.players));
  }
  const out: DailySolves[] = [];
  for (let i = 0; i < days; i++) {
    const day = dayKey(new Date(start.getTime() + i * 86_400_000));
    out.push({ day, players: counts.get(day) ?? 0 });
  }
  return out;
}

async function dailyCounts(
  challengeIds: string[],
  since: Date,
): Promise<{ day: unknown; players: unknown }[]> {
  // SQLite keeps DateTime as ISO-8601 text (date() reads it as UTC, and ISO text compares in
  // time order); PostgreSQL has a timestamp column. A player who solved two challenges of a
  // collection on one day counts once for that day.
  const pg = env.databaseKind === "postgresql";
  const day = Prisma.raw(pg ? "to_char(created_at, 'YYYY-MM-DD')" : "date(created_at)");
  return db.$queryRaw`
    SELECT ${day} AS day, COUNT(DISTINCT end_user_id) AS players
    FROM challenge_attempts
    WHERE challenge_id IN (${Prisma.join(challengeIds)}) AND succeeded = TRUE
      AND created_at >= ${pg ? since : since.toISOString()}
    GROUP BY 1`;
}

export interface HeroMedia {
  url: string;
  mime_type: string;
  kind: "image" | "video";
}

/** The challenge's hero image or video as a fresh signed URL, or null when it has none. */
export async function getChallengeHero(challengeId: string): Promise<HeroMedia | null> {
  const row = await db.challenge.findFirst({
    where: { id: challengeId, isActive: true },
    select: { heroAsset: { select: { id: true, mimeType: true } } },
  });
  const asset = row?.heroAsset;
  if (!asset) return null;
  const kind = asset.mimeType.startsWith("video/")
    ? "video"
    : asset.mimeType.startsWith("image/")
      ? "image"
      : null;
  if (!kind) return null;
  return { url: signAssetUrl(asset.id).url, mime_type: asset.mimeType, kind };
}

/**
 * A stored theme ready for rendering: asset URLs signed afresh (they expire), sanitized, then
 * completed (an on-accent colour that contrasts with an accent set alone). Render it with
 * data-scheme={themeScheme(theme)} so the page's other colours follow the theme's brightness.
 */
export function renderableTheme(theme: unknown): SanitizedTheme {
  if (!theme || typeof theme !== "object" || Array.isArray(theme)) return {};
  return completeTheme(sanitizeTheme(refreshThemeAssetUrls(theme as Record<string, unknown>)));
}
