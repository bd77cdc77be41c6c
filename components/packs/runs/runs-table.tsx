import Link from "next/link";
import { useTranslations } from "next-intl";
import styles from "@/components/console/console.module.css";
import { SelectField } from "@/components/console/fields";
import { EmptyState } from "@/components/ui/empty-state";
import { StackIcon } from "@/components/ui/icons";
import type { PackRunView } from "@/lib/contracts/pack-runs";
import { CompareButton } from "./compare-picker";
import { percent } from "./format";
import runStyles from "./runs.module.css";
import { StatusBadge } from "./status-badge";

/** A pack's runs, newest first: status, progress, pass rate per model; then "compare two runs". */
export function RunsTable({ runs, base }: { runs: readonly PackRunView[]; base: string }) {
  const t = useTranslations("consolePages.packRuns");
  const tc = useTranslations("consolePages.common");
  if (runs.length === 0) {
    return (
      <EmptyState icon={<StackIcon />} title={t("runsEmptyTitle")} description={t("runsEmptyDescription")} />
    );
  }
  const label = (run: PackRunView) =>
    t("runLabel", { version: run.version_number, inputSet: run.input_set ?? t("allSets") });
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="pack-runs">
          <thead>
            <tr>
              <th scope="col">{t("colRun")}</th>
              <th scope="col">{t("colStatus")}</th>
              <th scope="col" className={styles.num}>
                {t("colProgress")}
              </th>
              <th scope="col">{t("colPassRate")}</th>
              <th scope="col">{t("colCreated")}</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id} data-run-id={run.id}>
                <th scope="row">
                  <Link href={`${base}/runs/${run.id}`}>{label(run)}</Link>
                </th>
                <td>
                  <StatusBadge status={run.status} />
                </td>
                <td className={styles.num}>
                  {t("progressCount", { done: run.done_cases, total: run.total_cases })}
                </td>
                <td>
                  <ul className={runStyles.notes}>
                    {run.models.map((model) => {
                      const summary = run.summary?.models.find((m) => m.model === model);
                      return (
                        <li key={model}>
                          <code>{model}</code>: {percent(summary?.scorecard.pass_rate, tc("none"))}
                        </li>
                      );
                    })}
                  </ul>
                </td>
                <td>{tc("date", { date: new Date(run.created_at) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {runs.length < 2 ? (
        <p className="muted">{t("compareNeedTwo")}</p>
      ) : (
        <form
          method="get"
          action={`${base}/runs/compare`}
          className={runStyles.inlineForm}
          aria-label={t("compareTitle")}
        >
          {(["a", "b"] as const).map((side) => (
            <SelectField
              key={side}
              id={`compare-${side}`}
              name={side}
              label={side === "a" ? t("compareA") : t("compareB")}
              defaultValue={(side === "a" ? runs[1] : runs[0])?.id}
              options={runs.map((run) => ({
                value: run.id,
                label: t("runOption", {
                  date: tc("date", { date: new Date(run.created_at) }),
                  version: run.version_number,
                  inputSet: run.input_set ?? t("allSets"),
                  models: run.models.join(", "),
                  status: t(`status.${run.status}`),
                }),
              }))}
            />
          ))}
          <CompareButton label={t("compare")} />
        </form>
      )}
    </>
  );
}
