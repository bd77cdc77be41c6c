import { getFormatter, getTranslations } from "next-intl/server";
import { stepPath, type ScoreSeries } from "@/lib/scoring/score-series";
import styles from "./boards.module.css";

// CTFd's "score over time" for a board's top players: one step line per player, drawn as a
// server-rendered SVG (no script, no chart library). The table beside it stays the accessible
// source of the numbers; the chart has a text summary and a legend.

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 26, left: 44 };

// Ten distinguishable hues (Tableau 10), readable on light and dark surfaces.
const COLORS = [
  "#4e79a7",
  "#f28e2b",
  "#e15759",
  "#76b7b2",
  "#59a14f",
  "#edc948",
  "#b07aa1",
  "#ff9da7",
  "#9c755f",
  "#bab0ac",
];

export async function ScoreChart({
  data,
  names,
  headingId,
}: {
  data: ScoreSeries;
  /** Display name per player key (account id). */
  names: Record<string, string>;
  headingId: string;
}) {
  const [t, format] = await Promise.all([getTranslations("boards.chart"), getFormatter()]);
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const box = { start: data.start, end: data.end, max: data.max, width: innerW, height: innerH };
  const scored = data.series.some((s) => s.total > 0);
  const when = (ms: number) =>
    format.dateTime(new Date(ms), { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  const ticks = [0, Math.round(data.max / 2), data.max].filter((v, i, all) => all.indexOf(v) === i);
  return (
    <section aria-labelledby={headingId} className={styles.chart} data-testid="score-chart">
      <h2 id={headingId}>{t("heading")}</h2>
      <p className={styles.lead}>{t("lead", { count: data.series.length })}</p>
      {!scored ? (
        <p className={styles.lead}>{t("empty")}</p>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            role="img"
            aria-label={t("label")}
            preserveAspectRatio="xMidYMid meet"
          >
            <g transform={`translate(${PAD.left} ${PAD.top})`}>
              {ticks.map((v) => {
                const y = innerH - (v / Math.max(1, data.max)) * innerH;
                return (
                  <g key={v}>
                    <line className={styles.grid} x1={0} x2={innerW} y1={y} y2={y} />
                    <text className={styles.axis} x={-6} y={y + 4} textAnchor="end">
                      {format.number(v)}
                    </text>
                  </g>
                );
              })}
              <text className={styles.axis} x={0} y={innerH + 18} textAnchor="start">
                {when(data.start)}
              </text>
              <text className={styles.axis} x={innerW} y={innerH + 18} textAnchor="end">
                {when(data.end)}
              </text>
              {data.series.map((s, i) => (
                <path
                  key={s.player}
                  d={stepPath(s.steps, box)}
                  fill="none"
                  stroke={COLORS[i % COLORS.length]}
                  strokeWidth={2}
                  strokeLinejoin="round"
                  data-player={s.player}
                />
              ))}
            </g>
          </svg>
          <ol className={styles.legend}>
            {data.series.map((s, i) => (
              <li key={s.player}>
                <span
                  className={styles.swatch}
                  style={{ background: COLORS[i % COLORS.length] }}
                  aria-hidden="true"
                />
                {names[s.player] ?? s.player} · {t("points", { points: format.number(s.total) })}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
