import { useTranslations } from "next-intl";
import styles from "@/components/console/console.module.css";
import { clip, dimensionOf, listOf, objectsOf, textOf, type Obj } from "./manifest-data";

/** A version's evaluation spec: validators, LLM judges and the scorecard's dimensions. */
export function EvaluationSpecView({ spec }: { spec: Obj | undefined }) {
  const t = useTranslations("consolePages.packs");
  if (!spec || Object.keys(spec).length === 0) return <p>{t("specNone")}</p>;
  const validators = objectsOf(spec.validators);
  const judges = objectsOf(spec.llm_judges);
  const scorecard =
    spec.scorecard && typeof spec.scorecard === "object" ? (spec.scorecard as Obj) : undefined;
  const dimensions = listOf(scorecard?.dimensions).map(dimensionOf);
  const none = t("none");
  return (
    <div className="stack">
      {spec.judge_mode ? <p>{t("specJudgeMode", { mode: textOf(spec.judge_mode) })}</p> : null}
      <h3>{t("validatorsTitle")}</h3>
      {validators.length === 0 ? (
        <p>{none}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="spec-validators">
            <thead>
              <tr>
                <th scope="col">{t("colKey")}</th>
                <th scope="col">{t("colType")}</th>
                <th scope="col">{t("colTarget")}</th>
                <th scope="col">{t("colExpected")}</th>
              </tr>
            </thead>
            <tbody>
              {validators.map((v, i) => (
                <tr key={i}>
                  <th scope="row">
                    <code>{textOf(v.key)}</code>
                  </th>
                  <td>{textOf(v.type) || none}</td>
                  <td>{textOf(v.target) || none}</td>
                  <td>
                    <code>{clip(textOf(v.expected_from)) || none}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3>{t("judgesTitle")}</h3>
      {judges.length === 0 ? (
        <p>{none}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t("colKey")}</th>
                <th scope="col">{t("colJudgeMode")}</th>
                <th scope="col">{t("colModel")}</th>
                <th scope="col">{t("colRubric")}</th>
              </tr>
            </thead>
            <tbody>
              {judges.map((j, i) => (
                <tr key={i}>
                  <th scope="row">
                    <code>{textOf(j.key)}</code>
                  </th>
                  <td>{textOf(j.mode) || none}</td>
                  <td>{textOf(j.model) || textOf(j.models) || none}</td>
                  <td>{clip(textOf(j.rubric ?? j.assertion ?? j.prompt), 200) || none}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3>{t("scorecardTitle")}</h3>
      {scorecard ? (
        <>
          <p>
            {scorecard.strategy ? t("scorecardStrategy", { strategy: textOf(scorecard.strategy) }) : null}
            {scorecard.strategy && scorecard.pass_threshold !== undefined ? " · " : null}
            {scorecard.pass_threshold !== undefined
              ? t("scorecardThreshold", { threshold: textOf(scorecard.pass_threshold) })
              : null}
          </p>
          {dimensions.length === 0 ? (
            <p>{none}</p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="spec-dimensions">
                <thead>
                  <tr>
                    <th scope="col">{t("colDimension")}</th>
                    <th scope="col">{t("colSource")}</th>
                    <th scope="col">{t("colWeight")}</th>
                    <th scope="col">{t("colDirection")}</th>
                  </tr>
                </thead>
                <tbody>
                  {dimensions.map((d, i) => (
                    <tr key={i}>
                      <th scope="row">
                        <code>{textOf(d.key)}</code>
                      </th>
                      <td>
                        {textOf(d.source) || none}
                        {d.judge_key ? ` (${textOf(d.judge_key)})` : null}
                        {d.validator_key ? ` (${textOf(d.validator_key)})` : null}
                      </td>
                      <td>{textOf(d.weight) || none}</td>
                      <td>{textOf(d.better_direction) || none}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : (
        <p>{none}</p>
      )}
    </div>
  );
}
