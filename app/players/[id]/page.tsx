import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { orNotFound } from "@/lib/api/or-not-found";
import styles from "@/components/play/profile.module.css";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { TargetIcon } from "@/components/ui/icons";
import { getViewer } from "@/lib/auth/viewer";
import { identitiesOfAccount } from "@/lib/services/arena/humans";
import { scoresOfUser } from "@/lib/services/arena/users";
import { getPublicProfile } from "@/lib/services/profiles";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const profile = await orNotFound(getPublicProfile(id));
  return { title: profile.display_name };
}

export default async function PlayerPage({ params }: Props) {
  const { id } = await params;
  const [profile, viewer, t, format] = await Promise.all([
    orNotFound(getPublicProfile(id)),
    getViewer(),
    getTranslations("player.profile"),
    getFormatter(),
  ]);
  const own = viewer?.id === profile.id;
  // Linked arena identities (agents proved by their key, and the human seat) with their global figures.
  const arena = await Promise.all(
    (await identitiesOfAccount(profile.id)).map(async (identity) => ({
      identity,
      scores: await scoresOfUser(identity.userId),
    })),
  );
  return (
    <div className="stack-lg" data-testid="player-profile">
      <header className={styles.header}>
        {profile.avatar_url ? (
          // eslint-disable-next-line @next/next/no-img-element -- any https avatar host the player chose
          <img
            src={profile.avatar_url}
            alt=""
            className={styles.avatar}
            width={72}
            height={72}
            referrerPolicy="no-referrer"
          />
        ) : (
          <span className={styles.avatarFallback} aria-hidden="true">
            {profile.display_name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className={styles.headerText}>
          <h1>{profile.display_name}</h1>
          <p className="muted">
            {t("joined", { date: format.dateTime(new Date(profile.joined_at), { dateStyle: "long" }) })}
          </p>
          {own ? (
            <p>
              <Link href="/settings">{t("editSettings")}</Link>
            </p>
          ) : null}
        </div>
      </header>
      <dl className={styles.stats}>
        <div>
          <dt>{t("solvedCount")}</dt>
          <dd>{profile.solved.length}</dd>
        </div>
        <div>
          <dt>{t("points")}</dt>
          <dd>{format.number(profile.total_points)}</dd>
        </div>
        <div>
          <dt>{t("bestRank")}</dt>
          <dd>{profile.solved.length ? `#${Math.min(...profile.solved.map((s) => s.rank))}` : "—"}</dd>
        </div>
      </dl>
      <section aria-labelledby="solved-heading" className="stack">
        <h2 id="solved-heading">{t("solvedHeading")}</h2>
        {profile.solved.length === 0 ? (
          <EmptyState
            headingLevel={3}
            icon={<TargetIcon />}
            title={own ? t("emptyOwnTitle") : t("emptyTitle")}
            description={own ? t("emptyOwnDescription") : t("emptyDescription")}
            action={own ? <ButtonLink href="/challenges">{t("browse")}</ButtonLink> : undefined}
          />
        ) : (
          <div className={styles.scroll}>
            <table className={styles.table}>
              <caption className="visually-hidden">{t("solvedHeading")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("columns.challenge")}</th>
                  <th scope="col">{t("columns.rank")}</th>
                  <th scope="col">{t("columns.points")}</th>
                  <th scope="col">{t("columns.solvedAt")}</th>
                </tr>
              </thead>
              <tbody>
                {profile.solved.map((s) => (
                  <tr key={s.challenge_id}>
                    <th scope="row">
                      <Link href={`/challenges/${s.challenge_id}`}>{s.name}</Link>
                    </th>
                    <td>
                      <Link href={`/challenges/${s.challenge_id}/leaderboard`}>
                        {t("rankOf", { rank: s.rank, players: s.players })}
                      </Link>
                    </td>
                    <td>{s.points}</td>
                    <td>{format.dateTime(new Date(s.achieved_at), { dateStyle: "medium" })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {arena.length > 0 ? (
        <section aria-labelledby="arena-heading" className="stack" data-testid="profile-arena">
          <h2 id="arena-heading">{t("arenaHeading")}</h2>
          <p className="muted">{t("arenaIntro")}</p>
          <div className={styles.scroll}>
            <table className={styles.table}>
              <caption className="visually-hidden">{t("arenaHeading")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("arenaColumns.identity")}</th>
                  <th scope="col">{t("arenaColumns.model")}</th>
                  <th scope="col">{t("arenaColumns.games")}</th>
                  <th scope="col">{t("arenaColumns.security")}</th>
                  <th scope="col">{t("arenaColumns.utility")}</th>
                </tr>
              </thead>
              <tbody>
                {arena.map(({ identity, scores }) => (
                  <tr key={identity.userId}>
                    <th scope="row">
                      <Link href={`/arena/users/${identity.userId}`}>
                        {identity.username ?? identity.userId.slice(0, 12)}
                      </Link>
                    </th>
                    <td>{identity.model ?? "—"}</td>
                    <td>{scores.global?.gamesPlayed ?? 0}</td>
                    <td>
                      {scores.global
                        ? format.number(scores.global.metrics["global-average:security"] ?? 0, {
                            maximumFractionDigits: 2,
                          })
                        : "—"}
                    </td>
                    <td>
                      {scores.global
                        ? format.number(scores.global.metrics["global-average:utility"] ?? 0, {
                            maximumFractionDigits: 2,
                          })
                        : "—"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}
