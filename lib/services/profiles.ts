import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { aheadOf, entryKey } from "@/lib/services/leaderboards/order";
import { getChallengeStrategy } from "@/lib/scoring/registry";
import type { ProfileInput, ProfileSettings } from "@/lib/contracts/auth";

// Player profiles: what a player shows others (display name,
// avatar, solved challenges and ranks) and their own settings (notification preferences).

/** The account's settings; defaults (as the schema has them) when no profile row exists yet. */
export async function getProfileSettings(accountId: string): Promise<ProfileSettings> {
  const account = await db.account.findUnique({
    where: { id: accountId },
    select: { name: true, profile: true },
  });
  if (!account) throw notFound("Account");
  const p = account.profile;
  return {
    display_name: p?.displayName?.trim() || account.name,
    avatar_url: p?.avatarUrl ?? null,
    notify_on_first_blood: p?.notifyOnFirstBlood ?? true,
    notify_on_record_beaten: p?.notifyOnRecordBeaten ?? true,
    notify_on_pairing: p?.notifyOnPairing ?? true,
    notify_by_email: p?.notifyByEmail ?? false,
  };
}

/** Creates or updates the account's profile from validated input. */
export async function updateProfile(accountId: string, input: ProfileInput): Promise<ProfileSettings> {
  const data = {
    displayName: input.displayName,
    avatarUrl: input.avatarUrl,
    notifyOnFirstBlood: input.notifyOnFirstBlood,
    notifyOnRecordBeaten: input.notifyOnRecordBeaten,
    notifyOnPairing: input.notifyOnPairing,
    notifyByEmail: input.notifyByEmail,
  };
  const exists = await db.account.count({ where: { id: accountId } });
  if (!exists) throw notFound("Account");
  await db.playerProfile.upsert({ where: { accountId }, create: { accountId, ...data }, update: data });
  return getProfileSettings(accountId);
}

export interface SolvedChallenge {
  challenge_id: string;
  name: string;
  difficulty: string;
  points: number;
  scoring_strategy: string;
  rank: number;
  players: number;
  achieved_at: string;
}

export interface PublicProfile {
  id: string;
  display_name: string;
  avatar_url: string | null;
  joined_at: string;
  solved: SolvedChallenge[];
  total_points: number;
}

/** Ranks are counted for at most this many solved challenges (most recent first). */
export const PROFILE_SOLVED_LIMIT = 50;

/**
 * What anyone may see of a player: display name, avatar, and their solved active challenges
 * with their rank on each board (counted from the leaderboard indexes). Never the email.
 */
export async function getPublicProfile(accountId: string): Promise<PublicProfile> {
  const account = await db.account.findFirst({
    where: { id: accountId, status: "active" },
    select: { id: true, name: true, createdAt: true, profile: { select: { displayName: true, avatarUrl: true } } },
  });
  if (!account) throw notFound("Player");
  const entries = await db.challengeLeaderboardEntry.findMany({
    where: { accountId, challenge: { isActive: true } },
    orderBy: [{ achievedAt: "desc" }, { id: "asc" }],
    take: PROFILE_SOLVED_LIMIT,
    select: {
      challengeId: true,
      bestAttemptId: true,
      achievedAt: true,
      elapsedMs: true,
      tokensTotal: true,
      judgeRating: true,
      score: true,
      challenge: { select: { name: true, difficulty: true, points: true, scoringStrategy: true } },
    },
  });
  const solved = await Promise.all(
    entries.map(async (e): Promise<SolvedChallenge> => {
      const strategy = getChallengeStrategy(e.challenge.scoringStrategy);
      const [ahead, players] = await Promise.all([
        db.challengeLeaderboardEntry.count({
          where: { challengeId: e.challengeId, ...aheadOf(strategy, entryKey(strategy, e)) },
        }),
        db.challengeLeaderboardEntry.count({ where: { challengeId: e.challengeId } }),
      ]);
      return {
        challenge_id: e.challengeId,
        name: e.challenge.name,
        difficulty: e.challenge.difficulty,
        points: e.challenge.points,
        scoring_strategy: strategy.name,
        rank: ahead + 1,
        players,
        achieved_at: e.achievedAt.toISOString(),
      };
    }),
  );
  return {
    id: account.id,
    display_name: account.profile?.displayName?.trim() || account.name,
    avatar_url: account.profile?.avatarUrl ?? null,
    joined_at: account.createdAt.toISOString(),
    solved,
    total_points: solved.reduce((sum, s) => sum + s.points, 0),
  };
}
