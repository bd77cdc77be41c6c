import { useTranslations } from "next-intl";
import styles from "@/components/console/console.module.css";
import type { RunSummaryView } from "@/lib/contracts/pack-runs";
import { count, ms, percent, score, usd } from "./format";
import runStyles from "./runs.module.css";

type ModelSummary = RunSummaryView["models"][number];

/** A finished run's summary: per model its scorecard and costs, n_wise ranks, sandbox notes. */
export function RunScorecard({ summary }: { summary: RunSummaryView }) {
  const t = useTranslations("consolePages.packRuns");
  const nWise = Object.entries(summary.n_wise);
  return (
    <div className="stack" data-testid="run-scorecard">
      {summary.models.map((m) => (
        <ModelCard key={m.model} m={m} />
      ))}
      {nWise.map(([judge, ranks]) => (
        <section key={judge} className="stack" aria-label={t("nWiseTitle", { judge })}>
          <h3>{t("nWiseTitle", { judge })}</h3>
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid={`nwise-${judge}`}>
              <thead>
                <tr>
                  <th scope="col" className={styles.num}>
                    {t("colRank")}
                  </th>
                  <th scope="col">{t("colModel")}</th>
                  <th scope="col" className={styles.num}>
                    {t("colMeanScore")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {ranks.map((r) => (
                  <tr key={r.model}>
                    <td className={styles.num}>{r.rank ?? "—"}</td>
                    <th scope="row">
                      <code>{r.model}</code>
                    </th>
                    <td className={styles.num}>{score(r.mean_score)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      {summary.sandbox_notes.length > 0 ? (
        <section className="stack" aria-label={t("sandboxNotesTitle")}>
          <h3>{t("sandboxNotesTitle")}</h3>
          <ul className={runStyles.notes} data-testid="sandbox-notes">
            {summary.sandbox_notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {summary.judge_tokens > 0 ? (
        <p className="muted">
          {t("judgeUsage", { tokens: count(summary.judge_tokens), cost: usd(summary.judge_cost_usd) })}
        </p>
      ) : null}
    </div>
  );
}

function ModelCard({ m }: { m: ModelSummary }) {
  const t = useTranslations("consolePages.packRuns");
  const stat = (label: string, value: string, id: string) => (
    <div data-stat={id}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <section
      className={runStyles.modelCard}
      aria-label={m.model}
      data-testid="scorecard-model"
      data-model={m.model}
    >
      <h3>
        <code>{m.model}</code>
      </h3>
      <p className="muted">{t("casesCount", { passed: m.scorecard.passed, cases: m.scorecard.cases })}</p>
      <dl className={runStyles.stats}>
        {stat(t("passRate"), percent(m.scorecard.pass_rate), "pass-rate")}
        {stat(t("meanOverall"), score(m.scorecard.mean_overall), "mean-overall")}
        {stat(t("cost"), usd(m.cost_usd), "cost")}
        {stat(t("tokens"), count(m.tokens), "tokens")}
        {stat(t("meanLatency"), ms(m.mean_latency_ms), "latency")}
        {stat(
          t("security"),
          m.security.tests > 0
            ? t("securityValue", { passed: m.security.passed, tests: m.security.tests })
            : "—",
          "security",
        )}
        {stat(t("needsSandbox"), count(m.needs_sandbox), "needs-sandbox")}
      </dl>
      {m.security.findings > 0 ? (
        <p className={styles.statusBad}>{t("securityFindings", { count: m.security.findings })}</p>
      ) : null}
      {m.scorecard.dimensions.length === 0 ? (
        <p>{t("noDimensions")}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="scorecard-dimensions">
            <thead>
              <tr>
                <th scope="col">{t("colDimension")}</th>
                <th scope="col">{t("colSource")}</th>
                <th scope="col" className={styles.num}>
                  {t("colMean")}
                </th>
                <th scope="col" className={styles.num}>
                  {t("colPassRate")}
                </th>
                <th scope="col" className={styles.num}>
                  {t("colScored")}
                </th>
              </tr>
            </thead>
            <tbody>
              {m.scorecard.dimensions.map((d) => (
                <tr key={d.key}>
                  <th scope="row">
                    <code>{d.key}</code>
                  </th>
                  <td>{d.source}</td>
                  <td className={styles.num}>{score(d.mean)}</td>
                  <td className={styles.num}>{percent(d.pass_rate)}</td>
                  <td className={styles.num}>{d.scored}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
