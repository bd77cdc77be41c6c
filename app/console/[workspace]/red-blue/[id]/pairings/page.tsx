import { getFormatter, getTranslations } from "next-intl/server";
import { z } from "zod";
import styles from "@/components/console/console.module.css";
import { FilterBar, FilteredEmpty, FilteredPager, FilterSelect } from "@/components/console/list-filters";
import { formatDuration } from "@/components/play/format";
import { Verdicts } from "@/components/red-blue/pairing-card";
import { Standings } from "@/components/red-blue/standings";
import { ShieldSplitIcon } from "@/components/ui/icons";
import { PAIRING_OUTCOMES, RED_BLUE_TEAMS, type ConsolePairingView } from "@/lib/contracts/red-blue";
import { getStandings, listPairings } from "@/lib/services/red-blue";
import { workspaceForPage } from "../../../context";
import { nameAsTitle, type DetailProps } from "../../../detail";
import { urlFilter, urlPage } from "../../../url-filters";
import { redBlueForPage } from "../../load";
import { BackHeader } from "@/components/console/back-header";

const PAGE_SIZE = 25;
const filterSchema = z.object({
  category: urlFilter(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/),
  ),
  outcome: urlFilter(z.enum(PAIRING_OUTCOMES)),
  initiator: urlFilter(z.enum(RED_BLUE_TEAMS)),
  page: urlPage(40_000),
});

export const generateMetadata = nameAsTitle(redBlueForPage, async (name) =>
  (await getTranslations("consolePages.redBlue.pairings"))("metaTitle", { name }),
);

export default async function RedBluePairingsPage({ params, searchParams }: DetailProps) {
  const { workspace: slug, id } = await params;
  const { workspace } = await workspaceForPage(slug);
  const challenge = await redBlueForPage(workspace.id, id);
  const filter = filterSchema.parse(await searchParams);
  const page = filter.page ?? 1;
  const [t, tc, format, data, standings] = await Promise.all([
    getTranslations("consolePages.redBlue.pairings"),
    getTranslations("consolePages.common"),
    getFormatter(),
    listPairings(workspace.id, challenge.id, {
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      ...(filter.category ? { category: filter.category } : {}),
      ...(filter.outcome ? { outcome: filter.outcome } : {}),
      ...(filter.initiator ? { initiator: filter.initiator } : {}),
    }),
    getStandings(challenge.id, 20, { includeInactive: true }),
  ]);
  const base = `/console/${workspace.slug}/red-blue/${challenge.id}`;
  const categoryNames = Object.fromEntries(challenge.judge_suite.map((c) => [c.key, c.name]));
  const filtered =
    filter.category !== undefined || filter.outcome !== undefined || filter.initiator !== undefined;
  const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  const num = (v: number | null, unit = "") =>
    v === null ? tc("none") : `${format.number(v, { maximumFractionDigits: 2 })}${unit}`;
  const pct = (v: number | null) =>
    v === null ? tc("none") : format.number(v, { style: "percent", maximumFractionDigits: 0 });
  const m = data.metrics;

  return (
    <>
      <BackHeader backHref={base} backLabel={challenge.name} title={t("title")} lead={t("lead")} />

      <FilterBar t={t} clearHref={`${base}/pairings`} filtered={filtered}>
        <FilterSelect
          t={t}
          name="category"
          value={filter.category}
          values={challenge.judge_suite.map((c) => c.key)}
          labelOf={(key) => `${categoryNames[key]} (${key})`}
        />
        <FilterSelect
          t={t}
          name="outcome"
          value={filter.outcome}
          values={PAIRING_OUTCOMES}
          labelOf={(o) => t(`outcomes.${o}`)}
        />
        <FilterSelect
          t={t}
          name="initiator"
          value={filter.initiator}
          values={RED_BLUE_TEAMS}
          labelOf={(o) => t(`initiators.${o}`)}
        />
      </FilterBar>

      <dl className={styles.stats} data-testid="pairing-metrics">
        <div className={styles.stat}>
          <dt>{t("metricPairings")}</dt>
          <dd>{format.number(m.pairings)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{t("metricRed")}</dt>
          <dd>
            {num(m.red_points)} ({pct(m.red_ratio)})
          </dd>
        </div>
        <div className={styles.stat}>
          <dt>{t("metricBlue")}</dt>
          <dd>
            {num(m.blue_points)} ({pct(m.blue_ratio)})
          </dd>
        </div>
        <div className={styles.stat}>
          <dt>{t("metricRating")}</dt>
          <dd>{num(m.avg_rating)}</dd>
        </div>
      </dl>
      <p className="muted" data-testid="breaches">
        {t("metricBreaches")}:{" "}
        {Object.entries(m.breaches)
          .map(([k, n]) => `${k} ${format.number(n)}`)
          .join(" · ") || tc("none")}
      </p>

      <p className="muted" role="status">
        {t("count", { total: data.total })}
      </p>

      {data.data.length === 0 ? (
        <FilteredEmpty t={t} icon={<ShieldSplitIcon />} filtered={filtered} />
      ) : (
        <ol className={styles.orderList} data-testid="pairings-list">
          {data.data.map((p: ConsolePairingView) => (
            <li key={p.id}>
              <details className={styles.details} data-testid="console-pairing">
                <summary>
                  <span className="cluster">
                    <span>{tc("date", { date: new Date(p.created_at) })}</span>
                    <span>
                      {t("versus", {
                        attacker: p.attack.username ?? tc("none"),
                        defender: p.defense.username ?? tc("none"),
                      })}
                    </span>
                    <span className="muted">
                      {t("summary", {
                        red: num(p.red_points),
                        blue: num(p.blue_points),
                        rating: num(p.judge_rating),
                        initiator: t(`initiators.${p.initiator}`),
                      })}
                    </span>
                  </span>
                </summary>
                <div className="stack">
                  <Verdicts
                    categories={p.categories}
                    contested={p.contested}
                    names={categoryNames}
                    secretName={challenge.settings.secret_name}
                  />
                  <p className="muted">
                    {t("facts", { tokens: num(p.tokens_total), elapsed: formatDuration(p.elapsed_ms) })}
                  </p>
                  <div className={styles.grid2}>
                    <div>
                      <h3 className={styles.subheading}>
                        {t("attack", { name: p.attack.username ?? tc("none") })}
                      </h3>
                      <pre className={styles.pre} data-testid="attack-prompt">
                        {p.attack.prompt ?? tc("none")}
                      </pre>
                    </div>
                    <div>
                      <h3 className={styles.subheading}>
                        {t("defense", { name: p.defense.username ?? tc("none") })}
                      </h3>
                      <pre className={styles.pre} data-testid="defense-prompt">
                        {p.defense.prompt ?? tc("none")}
                      </pre>
                    </div>
                  </div>
                  <h3 className={styles.subheading}>{t("output")}</h3>
                  <pre className={styles.pre} data-testid="pairing-output">
                    {p.model_output ?? tc("none")}
                  </pre>
                  <h3 className={styles.subheading}>{t("feedback")}</h3>
                  <pre className={styles.pre}>{p.judge_feedback ?? tc("none")}</pre>
                </div>
              </details>
            </li>
          ))}
        </ol>
      )}

      <FilteredPager
        t={t}
        path={`${base}/pairings`}
        filters={{ category: filter.category, outcome: filter.outcome, initiator: filter.initiator }}
        page={page}
        pages={pages}
      />

      <div className={styles.section}>
        <Standings standings={standings} headingId="standings-heading" />
      </div>
    </>
  );
}
