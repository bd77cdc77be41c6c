import { getFormatter, getTranslations } from "next-intl/server";
import { placeLabels } from "./chart-labels";
import styles from "./arena.module.css";

// Security × utility: one dot per player, both axes from −1 to 1, rendered on the server as SVG
// (no script). Each dot has its own <title> (name and values) for assistive technology and hover;
// the visible labels are placed so they never overlap (chart-labels.ts), dots on one spot share one.

export interface ScatterPoint {
  id: string;
  label: string;
  /** The tooltip's extra line (the player's id). */
  title?: string;
  security: number;
  utility: number;
}

const SIZE = 360;
const PAD = { top: 16, right: 16, bottom: 40, left: 44 };
const clamp = (v: number) => (Number.isFinite(v) ? Math.max(-1, Math.min(1, v)) : 0);

export async function ScatterChart({ points, caption }: { points: ScatterPoint[]; caption: string }) {
  const [t, format] = await Promise.all([getTranslations("arena.chart"), getFormatter()]);
  if (points.length === 0) {
    return (
      <p className="muted" data-testid="arena-scatter-empty">
        {t("empty")}
      </p>
    );
  }
  const w = SIZE - PAD.left - PAD.right;
  const h = SIZE - PAD.top - PAD.bottom;
  const x = (v: number) => PAD.left + ((clamp(v) + 1) / 2) * w;
  const y = (v: number) => PAD.top + h - ((clamp(v) + 1) / 2) * h;
  const num = (v: number) => format.number(v, { maximumFractionDigits: 2, signDisplay: "exceptZero" });
  const ticks = [-1, -0.5, 0, 0.5, 1];
  const labels = placeLabels(
    points.map((p) => ({ id: p.id, label: p.label, cx: x(p.security), cy: y(p.utility) })),
    { left: PAD.left + 2, top: 2, right: SIZE - 2, bottom: PAD.top + h },
    { fontSize: 11, dotRadius: 6 },
  );
  return (
    <figure className="stack" style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        className={styles.chart}
        role="group"
        aria-label={caption}
        data-testid="arena-scatter"
      >
        <title>{caption}</title>
        {ticks.map((v) => (
          <g key={v}>
            <line
              x1={x(v)}
              x2={x(v)}
              y1={PAD.top}
              y2={PAD.top + h}
              className={v === 0 ? styles.axis : styles.grid}
            />
            <line
              x1={PAD.left}
              x2={PAD.left + w}
              y1={y(v)}
              y2={y(v)}
              className={v === 0 ? styles.axis : styles.grid}
            />
            <text x={x(v)} y={PAD.top + h + 14} textAnchor="middle" className={styles.tick}>
              {num(v)}
            </text>
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className={styles.tick}>
              {num(v)}
            </text>
          </g>
        ))}
        <text x={PAD.left + w / 2} y={SIZE - 6} textAnchor="middle" className={styles.tick}>
          {t("security")}
        </text>
        <text
          x={12}
          y={PAD.top + h / 2}
          textAnchor="middle"
          className={styles.tick}
          transform={`rotate(-90 12 ${PAD.top + h / 2})`}
        >
          {t("utility")}
        </text>
        {points.map((p) => {
          const name = t("dot", { name: p.label, security: num(p.security), utility: num(p.utility) });
          return (
            <g key={p.id} role="img" aria-label={name} data-testid="arena-scatter-dot">
              <title>{p.title ? `${name}\n${p.title}` : name}</title>
              <circle cx={x(p.security)} cy={y(p.utility)} r={6} className={styles.dot} />
            </g>
          );
        })}
        <g aria-hidden="true">
          {labels.map((l) => (
            <text
              key={l.ids.join(" ")}
              x={l.x}
              y={l.y}
              textAnchor={l.anchor}
              className={styles.dotLabel}
              data-testid="arena-scatter-label"
            >
              {l.text}
            </text>
          ))}
        </g>
      </svg>
      <figcaption className="muted">{caption}</figcaption>
    </figure>
  );
}
