import { getFormatter, getTranslations } from "next-intl/server";
import type { DailySolves } from "@/lib/contracts/boards";
import styles from "./leaderboard.module.css";

const WIDTH = 640;
const HEIGHT = 160;
const PAD = { top: 12, right: 8, bottom: 24, left: 32 };

/** Players solving per day as a small server-rendered SVG bar chart (no script, no library). */
export async function SolvesChart({ series, headingId }: { series: DailySolves[]; headingId: string }) {
  const [t, format] = await Promise.all([getTranslations("player.chart"), getFormatter()]);
  const max = Math.max(1, ...series.map((d) => d.players));
  const total = series.reduce((s, d) => s + d.players, 0);
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, series.length);
  const barW = Math.max(2, slot * 0.7);
  const dayLabel = (day: string) => format.dateTime(new Date(`${day}T00:00:00Z`), { month: "short", day: "numeric", timeZone: "UTC" });
  const first = series[0];
  const last = series.at(-1);
  const busiest = series.reduce<DailySolves | null>((b, d) => (d.players > (b?.players ?? 0) ? d : b), null);
  const summary = busiest
    ? t("summary", { total, days: series.length, max: busiest.players, day: dayLabel(busiest.day) })
    : t("summaryNone", { days: series.length });

  return (
    <section aria-labelledby={headingId} className={styles.chartBox}>
      <h2 id={headingId}>{t("heading", { days: series.length })}</h2>
      <p className={styles.chartSummary}>{summary}</p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={styles.chart}
        role="img"
        aria-label={summary}
        data-testid="solves-chart"
      >
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} className={styles.axis} />
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" className={styles.tick}>
          {max}
        </text>
        <text x={PAD.left - 6} y={PAD.top + innerH} textAnchor="end" className={styles.tick}>
          0
        </text>
        {series.map((d, i) => {
          const h = (d.players / max) * innerH;
          return (
            <rect
              key={d.day}
              x={PAD.left + i * slot + (slot - barW) / 2}
              y={PAD.top + innerH - h}
              width={barW}
              height={h}
              className={styles.bar}
            >
              <title>{t("bar", { day: dayLabel(d.day), players: d.players })}</title>
            </rect>
          );
        })}
        {first ? (
          <text x={PAD.left} y={HEIGHT - 6} className={styles.tick}>
            {dayLabel(first.day)}
          </text>
        ) : null}
        {last ? (
          <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className={styles.tick}>
            {dayLabel(last.day)}
          </text>
        ) : null}
      </svg>
    </section>
  );
}
