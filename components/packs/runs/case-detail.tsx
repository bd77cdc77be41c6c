"use client";

import { useTranslations } from "next-intl";
import styles from "@/components/console/console.module.css";
import type { PackRunCaseView } from "@/lib/contracts/pack-runs";
import { readCaseResult, type JudgeView } from "./case-result";
import { ClampedText } from "./clamped-text";
import { count, ms, score, usd } from "./format";
import runStyles from "./runs.module.css";

type T = ReturnType<typeof useTranslations<"consolePages.packRuns">>;

const verdict = (passed: boolean | null, t: T) =>
  passed === null ? (
    <span>{t("unscored")}</span>
  ) : (
    <span className={passed ? styles.statusOk : styles.statusBad}>{passed ? t("pass") : t("fail")}</span>
  );

/** One case's input, output, validators, judges, score and security findings (all as plain text). */
export function CaseDetail({ c }: { c: PackRunCaseView }) {
  const t = useTranslations("consolePages.packRuns");
  const tc = useTranslations("consolePages.common");
  const result = readCaseResult(c.result);
  return (
    <div className={`stack ${runStyles.caseBody}`}>
      <p className="muted">
        <code>{c.challenge_key}</code> ·{" "}
        {t("caseMeta", {
          latency: ms(c.latency_ms, tc("none")),
          tokens: count(c.tokens, "0"),
          cost: usd(c.cost_usd, tc("none")),
        })}
      </p>
      {c.error ? (
        <p className={styles.statusBad}>
          {t("caseError")}: {c.error}
        </p>
      ) : null}
      {result.prompt ? (
        <section className="stack" aria-label={t("input")}>
          <h4>{t("input")}</h4>
          <ClampedText text={result.prompt.user} testId="case-input" />
          {result.prompt.system ? (
            <details>
              <summary>{t("system")}</summary>
              <ClampedText text={result.prompt.system} />
            </details>
          ) : null}
        </section>
      ) : null}
      <section className="stack" aria-label={t("output")}>
        <h4>{t("output")}</h4>
        {c.output === null || c.output === "" ? (
          <p>{t("noOutput")}</p>
        ) : (
          <ClampedText text={c.output} testId="case-output" />
        )}
      </section>
      {result.validators.length > 0 ? (
        <section className="stack" aria-label={t("validatorsTitle")}>
          <h4>{t("validatorsTitle")}</h4>
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="case-validators">
              <thead>
                <tr>
                  <th scope="col">{t("colValidator")}</th>
                  <th scope="col">{t("colType")}</th>
                  <th scope="col">{t("colResult")}</th>
                  <th scope="col" className={styles.num}>
                    {t("colScore")}
                  </th>
                  <th scope="col">{t("colEvidence")}</th>
                </tr>
              </thead>
              <tbody>
                {result.validators.map((v) => (
                  <tr key={v.key}>
                    <th scope="row">
                      <code>{v.key}</code>
                    </th>
                    <td>{v.type}</td>
                    <td>{verdict(v.passed, t)}</td>
                    <td className={styles.num}>{score(v.score)}</td>
                    <td>{v.evidence}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {result.judges.length > 0 ? (
        <section className="stack" aria-label={t("judgesTitle")}>
          <h4>{t("judgesTitle")}</h4>
          {result.judges.map((j) => (
            <Judge key={j.key} judge={j} t={t} />
          ))}
        </section>
      ) : null}
      {result.score ? (
        <section className="stack" aria-label={t("scoreTitle")}>
          <h4>{t("scoreTitle")}</h4>
          <p>
            {verdict(result.score.passed, t)} · {t("overall", { score: score(result.score.overall) })}
            {result.score.reason ? ` · ${result.score.reason}` : null}
          </p>
          <ul className={runStyles.notes}>
            {result.score.dimensions.map((d) => (
              <li key={d.key}>
                <code>{d.key}</code> ({d.source}): {score(d.score)}{" "}
                {d.passed === null ? null : verdict(d.passed, t)}
                {d.note ? <span className="muted"> — {d.note}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {result.security ? (
        <section className="stack" aria-label={t("securityTitle")}>
          <h4>{t("securityTitle")}</h4>
          {result.security.findings.length === 0 ? (
            <p className={styles.statusOk}>{t("securityPassed")}</p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="case-findings">
                <thead>
                  <tr>
                    <th scope="col">{t("colKind")}</th>
                    <th scope="col">{t("colName")}</th>
                    <th scope="col">{t("colSeverity")}</th>
                    <th scope="col">{t("colDetail")}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.security.findings.map((f, i) => (
                    <tr key={i}>
                      <th scope="row">{f.kind}</th>
                      <td>{f.name}</td>
                      <td>{f.severity}</td>
                      <td>{f.detail}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}
    </div>
  );
}

function Judge({ judge, t }: { judge: JudgeView; t: T }) {
  return (
    <div className="stack" data-testid={`case-judge-${judge.key}`}>
      <p>
        <strong>{t("judgeHeading", { key: judge.key, mode: judge.mode })}</strong> ·{" "}
        {verdict(judge.passed, t)} · {t("judgeScore", { score: score(judge.score) })}
        {judge.agreement !== undefined
          ? ` · ${t("agreement", { percent: Math.round(judge.agreement * 100) })}`
          : null}
      </p>
      {judge.flagged ? <p className={styles.statusBad}>{t("flagged")}</p> : null}
      {judge.note ? <p className="muted">{judge.note}</p> : null}
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t("colModel")}</th>
              <th scope="col">{t("colRatings")}</th>
              <th scope="col" className={styles.num}>
                {t("colScore")}
              </th>
              <th scope="col">{t("colResult")}</th>
            </tr>
          </thead>
          <tbody>
            {judge.models.map((m) => (
              <tr key={m.model}>
                <th scope="row">
                  <code>{m.model}</code>
                  {m.resolvedModel && m.resolvedModel !== m.model ? (
                    <div className="muted">{t("resolvedAs", { model: m.resolvedModel })}</div>
                  ) : null}
                </th>
                <td>{m.ratings.map((r) => (r === null ? "—" : String(r))).join(", ")}</td>
                <td className={styles.num}>{score(m.score)}</td>
                <td>
                  {verdict(m.passed, t)}
                  {m.errors?.length ? <div className={styles.statusBad}>{m.errors.join("; ")}</div> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
