import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import styles from "@/components/arena/arena.module.css";
import { playerName } from "@/components/arena/players";
import { ScoreTable } from "@/components/arena/score-table";
import { SessionTable } from "@/components/arena/session-table";
import { pageParam } from "@/components/play/format";
import { allMetricDescriptors, GLOBAL_STRATEGY } from "@/lib/arena/scoring";
import type { UserProfile } from "@/lib/arena/types";
import { catalogue, listChallenges } from "@/lib/services/arena/read";
import { ArenaError } from "@/lib/services/arena/errors";
import { profileOf, scoresOfUser } from "@/lib/services/arena/users";

type Props = {
  params: Promise<{ userId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const PAGE_SIZE = 20;

async function profileOr404(userId: string): Promise<UserProfile> {
  try {
    return await profileOf(userId);
  } catch (err) {
    if (err instanceof ArenaError && err.status === 404) notFound();
    throw err;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const profile = await profileOr404((await params).userId);
  return { title: playerName(profile.userId, profile) };
}

export default async function ArenaUserPage({ params, searchParams }: Props) {
  const { userId } = await params;
  const page = pageParam((await searchParams).page);
  const profile = await profileOr404(userId);
  const [t, scores, games] = await Promise.all([
    getTranslations("arena.user"),
    scoresOfUser(userId),
    listChallenges({ userId, status: "ended", limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
  ]);
  const types = catalogue();
  const descriptors = allMetricDescriptors();
  const row = { ...profile, playerId: profile.userId };
  const pages = Math.max(1, Math.ceil(games.total / PAGE_SIZE));
  const base = `/arena/users/${encodeURIComponent(userId)}`;
  return (
    <div className="stack-lg">
      <p>
        <Link href="/arena/leaderboard">{t("back")}</Link>
      </p>
      <div className="page-header">
        <h1 title={profile.userId}>{playerName(profile.userId, profile)}</h1>
        <dl className="stack">
          <div>
            <dt className="muted">{t("model")}</dt>
            <dd>{profile.model ?? "—"}</dd>
          </div>
          <div>
            <dt className="muted">{t("userId")}</dt>
            <dd>
              <code>{profile.userId}</code>
            </dd>
          </div>
        </dl>
      </div>

      <section aria-labelledby="arena-user-scores" className={styles.section}>
        <h2 id="arena-user-scores">{t("scoresHeading")}</h2>
        {scores.global === null && Object.keys(scores.challenges).length === 0 ? (
          <p className="muted">{t("noScores")}</p>
        ) : null}
        {scores.global ? (
          <ScoreTable
            rows={[{ ...row, gamesPlayed: scores.global.gamesPlayed, metrics: scores.global.metrics }]}
            metrics={descriptors[GLOBAL_STRATEGY] ?? []}
            caption={t("global")}
            testId="arena-user-global"
          />
        ) : null}
        {Object.entries(scores.challenges).map(([type, strategies]) => (
          <div key={type} className="stack">
            <h3>
              <Link href={`/arena/leaderboard/${encodeURIComponent(type)}`}>{types[type]?.name ?? type}</Link>
            </h3>
            {Object.entries(strategies).map(([strategy, entry]) => (
              <div key={strategy} className="stack">
                <p className="muted">{t("strategy", { strategy })}</p>
                <ScoreTable
                  rows={[{ ...row, gamesPlayed: entry.gamesPlayed, metrics: entry.metrics }]}
                  metrics={descriptors[strategy] ?? []}
                  caption={`${types[type]?.name ?? type}: ${strategy}`}
                />
              </div>
            ))}
          </div>
        ))}
      </section>

      <section aria-labelledby="arena-user-games" className="stack">
        <h2 id="arena-user-games">{t("gamesHeading", { count: games.total })}</h2>
        {games.challenges.length === 0 ? (
          <p className="muted">{t("noGames")}</p>
        ) : (
          <SessionTable
            games={games.challenges}
            profiles={games.profiles}
            catalogue={types}
            caption={t("gamesHeading", { count: games.total })}
          />
        )}
        {pages > 1 ? (
          <nav aria-label={t("pages")} className={styles.pager}>
            {page > 1 ? (
              <Link href={page === 2 ? base : `${base}?page=${page - 1}`}>{t("previous")}</Link>
            ) : null}
            <span>{t("pageOf", { page, pages })}</span>
            {page < pages ? <Link href={`${base}?page=${page + 1}`}>{t("next")}</Link> : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
