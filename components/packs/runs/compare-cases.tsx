"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import styles from "@/components/console/console.module.css";
import type { CaseStatus, ComparisonView } from "@/lib/contracts/pack-runs";
import { score } from "./format";
import runStyles from "./runs.module.css";
import { StatusBadge } from "./status-badge";

type Row = ComparisonView["cases"][number];

/** Every case of the two runs side by side; changed rows are highlighted and can be shown alone. */
export function CompareCases({ rows }: { rows: Row[] }) {
  const t = useTranslations("consolePages.packRuns");
  const [changedOnly, setChangedOnly] = useState(false);
  const changed = rows.filter((r) => r.changed).length;
  const shown = changedOnly ? rows.filter((r) => r.changed) : rows;
  const status = (s: string | null) =>
    s === null ? (
      <span className="muted">{t("missingCase")}</span>
    ) : (
      <StatusBadge status={s as CaseStatus} kind="case" />
    );
  return (
    <div className="stack">
      <div className={runStyles.buttons}>
        <label className={runStyles.choice}>
          <input
            type="checkbox"
            checked={changedOnly}
            onChange={(e) => setChangedOnly(e.currentTarget.checked)}
          />
          <span>{t("changedOnly")}</span>
        </label>
        <span className="muted" data-testid="compare-changed-count">
          {t("changedCount", { changed, total: rows.length })}
        </span>
      </div>
      {shown.length === 0 ? (
        <p>{t("noChanges")}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="compare-cases">
            <thead>
              <tr>
                <th scope="col">{t("colCase")}</th>
                <th scope="col">{t("colStatusA")}</th>
                <th scope="col">{t("colStatusB")}</th>
                <th scope="col" className={styles.num}>
                  {t("colOverallA")}
                </th>
                <th scope="col" className={styles.num}>
                  {t("colOverallB")}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr
                  key={`${r.input_set}/${r.case_key}`}
                  className={r.changed ? runStyles.changedRow : undefined}
                  data-changed={r.changed}
                >
                  <th scope="row">
                    {t("caseSummary", { set: r.input_set, key: r.case_key })}
                    {r.changed ? <span className="visually-hidden"> ({t("changed")})</span> : null}
                  </th>
                  <td>{status(r.a_status)}</td>
                  <td>{status(r.b_status)}</td>
                  <td className={styles.num}>{score(r.a_overall)}</td>
                  <td className={styles.num}>{score(r.b_overall)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
