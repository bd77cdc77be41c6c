import { useFormatter, useTranslations } from "next-intl";
import type { StandingsView } from "@/lib/contracts/red-blue";
import styles from "./red-blue.module.css";

const WIDTH = 640;
const HEIGHT = 180;
const PAD = { top: 12, right: 10, bottom: 24, left: 36 };

/** Cumulative red and blue points over time as two lines of a small SVG (no script, no library). */
export function StandingsChart({ timeline }: { timeline: StandingsView["timeline"] }) {
  const t = useTranslations("redBlue.chart");
  const format = useFormatter();
  const last = timeline.at(-1);
  if (!last) {
    return (
      <p className="muted" data-testid="standings-chart-empty">
        {t("empty")}
      </p>
    );
  }
  // One leading zero point, so a single pairing still draws a line from the start.
  const points = [{ at: timeline[0]!.at, red_points: 0, blue_points: 0 }, ...timeline];
  const max = Math.max(1, ...points.map((p) => Math.max(p.red_points, p.blue_points)));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length === 1 ? 0 : (i / (points.length - 1)) * innerW);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const line = (key: "red_points" | "blue_points") =>
    points.map((p, i) => `${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`).join(" ");
  const when = (iso: string) =>
    format.dateTime(new Date(iso), { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  const summary = t("summary", {
    red: format.number(last.red_points, { maximumFractionDigits: 2 }),
    blue: format.number(last.blue_points, { maximumFractionDigits: 2 }),
    pairings: timeline.length,
  });
  return (
    <figure className="stack" style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={styles.chart}
        role="img"
        aria-label={summary}
        data-testid="standings-chart"
      >
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + innerH}
          y2={PAD.top + innerH}
          className={styles.axis}
        />
        <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={PAD.top + innerH} className={styles.axis} />
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" className={styles.tick}>
          {format.number(max, { maximumFractionDigits: 1 })}
        </text>
        <text x={PAD.left - 6} y={PAD.top + innerH} textAnchor="end" className={styles.tick}>
          0
        </text>
        <polyline points={line("red_points")} className={styles.lineRed} data-testid="chart-red" />
        <polyline points={line("blue_points")} className={styles.lineBlue} data-testid="chart-blue" />
        <text x={PAD.left} y={HEIGHT - 6} className={styles.tick}>
          {when(timeline[0]!.at)}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className={styles.tick}>
          {when(last.at)}
        </text>
      </svg>
      <figcaption className="cluster">
        <ul className={styles.legend}>
          <li className={styles.teamRed}>{t("red")}</li>
          <li className={styles.teamBlue}>{t("blue")}</li>
        </ul>
        <span className="muted">{summary}</span>
      </figcaption>
    </figure>
  );
}
