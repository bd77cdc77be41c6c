import { useTranslations } from "next-intl";
import styles from "@/components/console/console.module.css";
import { DataTable } from "@/components/console/data-table";
import { EvaluationSpecView } from "./evaluation-spec-view";
import {
  clip,
  objOf,
  objectsOf,
  summariseEntries,
  summarisePayload,
  textOf,
  type Obj,
} from "./manifest-data";
import packStyles from "./packs.module.css";

// One published version's manifest: challenges, input sets with their cases, the evaluation spec,
// the security block and the source YAML as published.

function Lines({ lines, none }: { lines: string[]; none: string }) {
  if (lines.length === 0) return <>{none}</>;
  return (
    <ul className={packStyles.kv}>
      {lines.map((l, i) => (
        <li key={i}>{l}</li>
      ))}
    </ul>
  );
}

export function ManifestView({ manifest, sourceYaml }: { manifest: Obj; sourceYaml: string }) {
  const t = useTranslations("consolePages.packs");
  const none = t("none");
  const version = objOf(manifest.version);
  const challenges = objectsOf(manifest.challenges);
  const inputSets = objectsOf(manifest.input_sets);
  const security = manifest.security;
  const sourceLines = sourceYaml.split("\n").length;
  return (
    <>
      <section className={styles.section} aria-labelledby="manifest-challenges">
        <h2 id="manifest-challenges">{t("challengesTitle")}</h2>
        <DataTable
          testId="manifest-challenges"
          rows={challenges}
          rowKey={(_, i) => i}
          columns={[
            { label: t("colKey"), cell: (c) => <code>{textOf(c.key)}</code> },
            { label: t("colTitle"), cell: (c) => textOf(c.title) },
            { label: t("colCategory"), cell: (c) => textOf(c.category) },
            { label: t("colDifficulty"), cell: (c) => textOf(c.difficulty) },
            { label: t("colInstructions"), cell: (c) => clip(textOf(c.instructions), 400) || none },
          ]}
        />
      </section>
      <section className={styles.section} aria-labelledby="manifest-input-sets">
        <h2 id="manifest-input-sets">{t("inputSetsTitle")}</h2>
        {inputSets.length === 0 ? <p>{none}</p> : null}
        {inputSets.map((set, i) => {
          const cases = objectsOf(set.cases);
          return (
            <div key={i} className="stack">
              <h3>
                <code>{textOf(set.key)}</code> · {textOf(set.name)} · {t("cases", { count: cases.length })}
              </h3>
              <DataTable
                testId={`input-set-${textOf(set.key)}`}
                rows={cases}
                rowKey={(_, j) => j}
                rowHeader={1}
                columns={[
                  { label: t("colChallengeKey"), cell: (c) => <code>{textOf(c.challenge_key)}</code> },
                  { label: t("colCaseKey"), cell: (c) => <code>{textOf(c.case_key)}</code> },
                  {
                    label: t("colInputs"),
                    cell: (c) => (
                      <Lines
                        lines={[...summariseEntries(c.inputs), ...summarisePayload(c.payload)]}
                        none={none}
                      />
                    ),
                  },
                  {
                    label: t("colExpectations"),
                    cell: (c) => <Lines lines={summariseEntries(c.expectations)} none={none} />,
                  },
                ]}
              />
            </div>
          );
        })}
      </section>
      <section className={styles.section} aria-labelledby="manifest-spec">
        <h2 id="manifest-spec">{t("specTitle")}</h2>
        <EvaluationSpecView spec={version.evaluation_spec ? objOf(version.evaluation_spec) : undefined} />
      </section>
      {security !== undefined && security !== null ? (
        <section className={styles.section} aria-labelledby="manifest-security">
          <h2 id="manifest-security">{t("securityTitle")}</h2>
          <pre className={styles.pre} data-testid="manifest-security">
            {JSON.stringify(security, null, 2)}
          </pre>
        </section>
      ) : null}
      <section className={styles.section} aria-labelledby="manifest-source">
        <h2 id="manifest-source">{t("sourceTitle")}</h2>
        <details className={styles.details}>
          <summary>{t("sourceShow", { lines: sourceLines })}</summary>
          <div>
            <pre className={`${styles.pre} ${packStyles.source}`} data-testid="manifest-source">
              {sourceYaml}
            </pre>
          </div>
        </details>
      </section>
    </>
  );
}
