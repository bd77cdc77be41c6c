"use client";

import { useTranslations } from "next-intl";
import styles from "@/components/console/console.module.css";
import { DataTable } from "@/components/console/data-table";
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
          <DataTable
            testId="case-validators"
            rows={result.validators}
            rowKey={(v) => v.key}
            columns={[
              { label: t("colValidator"), cell: (v) => <code>{v.key}</code> },
              { label: t("colType"), cell: (v) => v.type },
              { label: t("colResult"), cell: (v) => verdict(v.passed, t) },
              { label: t("colScore"), num: true, cell: (v) => score(v.score) },
              { label: t("colEvidence"), cell: (v) => v.evidence },
            ]}
          />
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
            <DataTable
              testId="case-findings"
              rows={result.security.findings}
              rowKey={(_, i) => i}
              columns={[
                { label: t("colKind"), cell: (f) => f.kind },
                { label: t("colName"), cell: (f) => f.name },
                { label: t("colSeverity"), cell: (f) => f.severity },
                { label: t("colDetail"), cell: (f) => f.detail },
              ]}
            />
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
      <DataTable
        rows={judge.models}
        rowKey={(m) => m.model}
        columns={[
          {
            label: t("colModel"),
            cell: (m) => (
              <>
                <code>{m.model}</code>
                {m.resolvedModel && m.resolvedModel !== m.model ? (
                  <div className="muted">{t("resolvedAs", { model: m.resolvedModel })}</div>
                ) : null}
              </>
            ),
          },
          {
            label: t("colRatings"),
            cell: (m) => m.ratings.map((r) => (r === null ? "—" : String(r))).join(", "),
          },
          { label: t("colScore"), num: true, cell: (m) => score(m.score) },
          {
            label: t("colResult"),
            cell: (m) => (
              <>
                {verdict(m.passed, t)}
                {m.errors?.length ? <div className={styles.statusBad}>{m.errors.join("; ")}</div> : null}
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
