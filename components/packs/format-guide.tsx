import { getTranslations } from "next-intl/server";
import {
  DETERMINISTIC_VALIDATOR_TYPES,
  DIMENSION_SOURCES,
  EXECUTION_MODES,
  JUDGE_METHOD_MODES,
  JUDGE_MODES,
  SANDBOX_VALIDATOR_TYPES,
  SCORECARD_STRATEGIES,
} from "@/lib/packs/vocabulary";
import packStyles from "./packs.module.css";

// The packs page's format guide: the top-level keys, an outline of a prompt_eval pack, and the
// words the format accepts — listed from lib/packs/vocabulary.ts, the validators' own lists, so
// the guide cannot drift from what Validate accepts (each word's meaning is a message keyed by
// the word; tests/unit/packs/vocabulary-guide.test.ts fails on a word without one).

const OUTLINE = `pack: { slug, name, family, description }
version:
  number: 1
  execution_mode: prompt_eval
  evaluation_spec:
    name, version_number, judge_mode
    validators:  [ { key, type, target, expected_from, config } ]
    llm_judges:  [ { key, mode, model, rubric, score_scale } ]
    scorecard:   { strategy, pass_threshold, dimensions: [ { key, source, weight } ] }
challenges:    [ { key, title, category, difficulty, instructions } ]
input_sets:    [ { key, name, cases: [ { challenge_key, case_key, payload | inputs, expectations } ] } ]
security:      { forbidden_outputs, adversarial_prompts, … }   # optional`;

export async function PackFormatGuide() {
  const t = await getTranslations("consolePages.packs");
  const lists = [
    {
      id: "execution-modes",
      title: t("formatExecutionModes"),
      items: EXECUTION_MODES.map((w) => [w, t(`vocab.executionModes.${w}`)] as const),
    },
    {
      id: "judge-modes",
      title: t("formatJudgeModes"),
      items: JUDGE_MODES.map((w) => [w, t(`vocab.judgeModes.${w}`)] as const),
    },
    {
      id: "judge-methods",
      title: t("formatJudgeMethods"),
      items: JUDGE_METHOD_MODES.map((w) => [w, t(`vocab.judgeMethods.${w}`)] as const),
    },
    {
      id: "validator-types",
      title: t("formatValidatorsText"),
      items: DETERMINISTIC_VALIDATOR_TYPES.map((w) => [w, t(`vocab.validatorTypes.${w}`)] as const),
    },
    {
      id: "sandbox-validator-types",
      title: t("formatValidatorsSandbox"),
      items: SANDBOX_VALIDATOR_TYPES.map((w) => [w, t(`vocab.validatorTypes.${w}`)] as const),
    },
    {
      id: "strategies",
      title: t("formatStrategies"),
      items: SCORECARD_STRATEGIES.map((w) => [w, t(`vocab.strategies.${w}`)] as const),
    },
    {
      id: "sources",
      title: t("formatSources"),
      items: DIMENSION_SOURCES.map((w) => [w, t(`vocab.sources.${w}`)] as const),
    },
  ];
  return (
    <>
      <p>{t("formatLead")}</p>
      <dl className={packStyles.ids}>
        <FormatEntry name="pack" text={t("formatPack")} />
        <FormatEntry name="version" text={t("formatVersion")} />
        <FormatEntry name="challenges" text={t("formatChallenges")} />
        <FormatEntry name="input_sets" text={t("formatInputSets")} />
        <FormatEntry name="security" text={t("formatSecurity")} />
      </dl>
      <p>{t("formatMore")}</p>
      <h3>{t("formatOutlineTitle")}</h3>
      <p>{t("formatOutlineLead")}</p>
      <pre className={packStyles.outline} data-testid="pack-format-outline">
        <code>{OUTLINE}</code>
      </pre>
      <h3>{t("formatVocabularyTitle")}</h3>
      <p>{t("formatVocabularyLead")}</p>
      <div className={packStyles.vocabulary}>
        {lists.map((list) => (
          <section
            key={list.id}
            aria-labelledby={`pack-vocab-${list.id}`}
            data-testid={`pack-vocab-${list.id}`}
          >
            <h4 id={`pack-vocab-${list.id}`}>{list.title}</h4>
            <dl className={packStyles.ids}>
              {list.items.map(([word, meaning]) => (
                <FormatEntry key={word} name={word} text={meaning} />
              ))}
            </dl>
          </section>
        ))}
      </div>
      <p>{t("formatGuide")}</p>
    </>
  );
}

function FormatEntry({ name, text }: { name: string; text: string }) {
  return (
    <>
      <dt>
        <code>{name}</code>
      </dt>
      <dd>{text}</dd>
    </>
  );
}
