import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "@/components/arena/arena.module.css";
import { ScatterChart } from "@/components/arena/scatter-chart";
import { ScoreTable } from "@/components/arena/score-table";
import { playerName } from "@/components/arena/players";
import { EmptyState } from "@/components/ui/empty-state";
import { ArenaIcon } from "@/components/ui/icons";
import { allMetricDescriptors, GLOBAL_STRATEGY } from "@/lib/arena/scoring";
import { globalBoard } from "@/lib/services/arena/leaderboards";
import { catalogue } from "@/lib/services/arena/read";
import { ArenaHeader } from "@/components/arena/arena-header";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("arena.board");
  return { title: t("globalTitle") };
}

export default async function ArenaLeaderboardPage() {
  const [t, rows] = await Promise.all([getTranslations("arena.board"), globalBoard()]);
  const metrics = allMetricDescriptors()[GLOBAL_STRATEGY] ?? [];
  const types = Object.entries(catalogue());
  const points = rows.map((r) => ({
    id: r.playerId,
    label: playerName(r.playerId, r),
    title: r.playerId,
    security: r.metrics[`${GLOBAL_STRATEGY}:security`] ?? 0,
    utility: r.metrics[`${GLOBAL_STRATEGY}:utility`] ?? 0,
  }));
  return (
    <div className="stack-lg">
      <ArenaHeader back={t("back")} title={t("globalTitle")} lead={t("globalLead")}>
        <nav aria-label={t("byType")}>
          <ul className={`cluster ${styles.linkList}`}>
            {types.map(([type, meta]) => (
              <li key={type}>
                <Link href={`/arena/leaderboard/${encodeURIComponent(type)}`}>{meta.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </ArenaHeader>
      {rows.length === 0 ? (
        <EmptyState icon={<ArenaIcon />} title={t("emptyTitle")} description={t("emptyDescription")} />
      ) : (
        <>
          <section aria-labelledby="arena-chart-heading" className="stack">
            <h2 id="arena-chart-heading">{t("chartHeading")}</h2>
            <ScatterChart points={points} caption={t("chartCaptionGlobal")} />
          </section>
          <section aria-labelledby="arena-table-heading" className="stack">
            <h2 id="arena-table-heading">{t("tableHeading")}</h2>
            <ScoreTable
              rows={rows}
              metrics={metrics}
              caption={t("globalTitle")}
              testId="arena-global-board"
            />
          </section>
        </>
      )}
    </div>
  );
}
