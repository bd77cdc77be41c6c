import { useTranslations } from "next-intl";
import styles from "@/components/console/console.module.css";
import type { ComparisonView } from "@/lib/contracts/pack-runs";
import { percent, score, signed, signedPoints } from "./format";
import runStyles from "./runs.module.css";

/** Pass rate and each scorecard dimension: A, B and the change (B − A; higher is better). */
export function CompareDimensions({ dimensions }: { dimensions: ComparisonView["dimensions"] }) {
  const t = useTranslations("consolePages.packRuns");
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="compare-dimensions">
        <thead>
          <tr>
            <th scope="col">{t("colDimension")}</th>
            <th scope="col" className={styles.num}>
              {t("colA")}
            </th>
            <th scope="col" className={styles.num}>
              {t("colB")}
            </th>
            <th scope="col" className={styles.num}>
              {t("colDelta")}
            </th>
          </tr>
        </thead>
        <tbody>
          {dimensions.map((d) => {
            const isRate = d.key === "pass_rate";
            const shown = (v: number | null) => (isRate ? percent(v) : score(v));
            const delta = isRate ? signedPoints(d.delta) : signed(d.delta);
            const direction =
              d.delta === null || Math.abs(d.delta) < 0.005
                ? undefined
                : d.delta > 0
                  ? runStyles.up
                  : runStyles.down;
            return (
              <tr key={d.key} data-key={d.key}>
                <th scope="row">{isRate ? t("passRateKey") : <code>{d.key}</code>}</th>
                <td className={styles.num}>{shown(d.a)}</td>
                <td className={styles.num}>{shown(d.b)}</td>
                <td className={`${styles.num} ${direction ?? ""}`} data-testid={`delta-${d.key}`}>
                  {delta}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
