import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "@/components/arena/arena.module.css";
import { GameTypeCard } from "@/components/arena/game-type-card";
import { SessionTable } from "@/components/arena/session-table";
import { pageParam } from "@/components/play/format";
import { EmptyState } from "@/components/ui/empty-state";
import { ArenaIcon } from "@/components/ui/icons";
import { getViewer } from "@/lib/auth/viewer";
import type { GameStatus } from "@/lib/arena/types";
import { arenaStats, catalogue, listChallenges } from "@/lib/services/arena/read";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("arena");
  return { title: t("title") };
}

const PAGE_SIZE = 20;
const TABS: GameStatus[] = ["open", "active", "ended"];

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function ArenaPage({ searchParams }: Props) {
  const query = await searchParams;
  const status = TABS.find((s) => s === one(query.status)) ?? "open";
  const page = pageParam(query.page);
  const types = catalogue();
  const typeParam = one(query.type);
  const type = typeParam && Object.hasOwn(types, typeParam) ? typeParam : undefined;
  const [t, viewer, stats, sessions] = await Promise.all([
    getTranslations("arena"),
    getViewer(),
    arenaStats(),
    listChallenges({ status, ...(type ? { type } : {}), limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
  ]);
  const href = (s: GameStatus, p = 1) => {
    const q = new URLSearchParams({ status: s });
    if (type) q.set("type", type);
    if (p > 1) q.set("page", String(p));
    return `/arena?${q.toString()}`;
  };
  const pages = Math.max(1, Math.ceil(sessions.total / PAGE_SIZE));
  const typeEntries = Object.entries(types);

  return (
    <div className="stack-lg">
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
        <p className="cluster">
          <Link href="/arena/leaderboard">{t("nav.leaderboard")}</Link>
          <Link href="/arena/agents">{t("nav.agents")}</Link>
          <span className="muted">
            {t("stats", { games: stats.global.gamesPlayed, players: stats.global.participants })}
          </span>
        </p>
      </div>

      <section aria-labelledby="arena-types-heading" className="stack">
        <h2 id="arena-types-heading">{t("types.heading")}</h2>
        {typeEntries.length === 0 ? (
          <EmptyState
            icon={<ArenaIcon />}
            title={t("emptyTitle")}
            description={t("emptyDescription")}
            headingLevel={3}
          />
        ) : (
          <>
            {!viewer ? (
              <p className="muted">
                <Link href="/login?next=/arena">{t("types.logInToCreate")}</Link>
              </p>
            ) : null}
            <ul className={styles.types}>
              {typeEntries.map(([key, meta]) => (
                <GameTypeCard
                  key={key}
                  type={key}
                  meta={meta}
                  played={stats.challenges[key]?.gamesPlayed ?? 0}
                  signedIn={viewer !== null}
                />
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="arena-sessions-heading" className="stack">
        <h2 id="arena-sessions-heading">
          {type ? t("sessions.headingOf", { name: types[type]!.name }) : t("sessions.heading")}
        </h2>
        {type ? (
          <p>
            <Link href={`/arena?status=${status}`}>{t("sessions.allTypes")}</Link>
          </p>
        ) : null}
        <nav aria-label={t("sessions.tabs")}>
          <ul className={styles.tabs}>
            {TABS.map((s) => (
              <li key={s}>
                <Link href={href(s)} aria-current={s === status ? "page" : undefined}>
                  {t(`sessions.tab.${s}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {sessions.challenges.length === 0 ? (
          <p className="muted" data-testid="arena-sessions-empty">
            {page > 1 ? t("sessions.pastLastPage") : t(`sessions.empty.${status}`)}
          </p>
        ) : (
          <SessionTable
            games={sessions.challenges}
            profiles={sessions.profiles}
            catalogue={types}
            caption={t(`sessions.tab.${status}`)}
          />
        )}
        {pages > 1 ? (
          <nav aria-label={t("sessions.pages")} className={styles.pager}>
            {page > 1 ? (
              <Link href={href(status, page - 1)} rel="prev">
                {t("sessions.previous")}
              </Link>
            ) : null}
            <span>{t("sessions.pageOf", { page, pages })}</span>
            {page < pages ? (
              <Link href={href(status, page + 1)} rel="next">
                {t("sessions.next")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
