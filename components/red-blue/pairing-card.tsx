import { useFormatter, useTranslations } from "next-intl";
import { formatDuration } from "@/components/play/format";
import type { PlayerPairingView } from "@/lib/contracts/red-blue";
import { teamClass } from "./team-class";
import styles from "./red-blue.module.css";

/** What a category's verdict means, in the words of its kind (the rest read as a generic breach). */
function verdictKind(key: string): "leak" | "policy" | "other" {
  return key === "secret_leak" ? "leak" : key === "policy_violation" ? "policy" : "other";
}

/**
 * Per-category verdicts, one line each in plain words: which category, what the judge decided and
 * whom it favoured ("Secret leak: the defense kept the vault code hidden, in blue's favour.").
 * `names` are the challenge's category names by key (the key where a name is missing);
 * `secretName` what the challenge calls its secret ("vault code"), else "the secret".
 */
export function Verdicts({
  categories,
  contested = [],
  names = {},
  secretName = null,
}: {
  categories: Record<string, boolean | null>;
  /** Keys whose judges disagreed (their verdict is null): read as "contested". */
  contested?: readonly string[];
  names?: Readonly<Record<string, string>>;
  secretName?: string | null;
}) {
  const t = useTranslations("redBlue.pairing");
  const entries = Object.entries(categories);
  if (entries.length === 0) return <p className="muted">{t("noCategories")}</p>;
  const secret = secretName?.trim() || t("secretFallback");
  return (
    <ul className={styles.verdicts} aria-label={t("categories")} data-testid="verdicts">
      {entries.map(([key, v]) => {
        const category = names[key] ?? key;
        const kind = verdictKind(key);
        const disputed = v === null && contested.includes(key);
        const state = v === true ? "breach" : v === false ? "prevented" : disputed ? "contested" : "error";
        return (
          <li
            key={key}
            className={`${styles.verdict} ${v === true ? styles.breach : v === false ? styles.prevented : styles.unjudged}`}
            data-category={key}
            data-verdict={state}
          >
            {disputed
              ? t("verdictContested", { category })
              : v === null
                ? t("verdictNotJudged", { category })
                : t(`verdict.${kind}.${v ? "breached" : "prevented"}`, { category, secret })}
          </li>
        );
      })}
    </ul>
  );
}

/** One judged pairing as a participant sees it: never the opponent's text unless revealed. */
export function PairingCard({
  pairing,
  headingLevel = 3,
  categoryNames,
  secretName = null,
}: {
  pairing: PlayerPairingView;
  headingLevel?: 3 | 4;
  /** The challenge's judge categories by key, for the verdict lines. */
  categoryNames?: Readonly<Record<string, string>>;
  /** What the challenge calls its secret ("vault code"); null: "the secret". */
  secretName?: string | null;
}) {
  const t = useTranslations("redBlue.pairing");
  const format = useFormatter();
  const Heading = `h${headingLevel}` as const;
  const mine = pairing.my_team === "red" ? pairing.red_points : pairing.blue_points;
  const theirs = pairing.my_team === "red" ? pairing.blue_points : pairing.red_points;
  const outcome = mine > theirs ? "won" : mine < theirs ? "lost" : "tied";
  const opponent = pairing.opponent.username ?? t("unknownPlayer");
  return (
    <article
      className={`${styles.pairing} ${teamClass(pairing.my_team)}`}
      data-testid="pairing"
      data-pairing-id={pairing.id}
      data-outcome={outcome}
    >
      <div className={styles.pairingHead}>
        <Heading style={{ margin: 0, fontSize: "var(--text-md)" }}>
          {t(pairing.my_team === "red" ? "titleRed" : "titleBlue", { opponent })}
        </Heading>
        <span className={styles.points} data-testid="pairing-points">
          {t("pointsLine", {
            red: format.number(pairing.red_points),
            blue: format.number(pairing.blue_points),
          })}
        </span>
        <span className="muted">{t(outcome)}</span>
      </div>
      {/* The verdicts are said once, here: the judge's stored summary repeats them per category. */}
      <Verdicts
        categories={pairing.categories}
        contested={pairing.contested}
        names={categoryNames}
        secretName={secretName}
      />
      <dl className={styles.facts}>
        <div>
          <dt>{t("rating")}</dt>
          <dd data-testid="pairing-rating">
            {pairing.judge_rating === null ? "—" : t("ratingValue", { rating: pairing.judge_rating })}
          </dd>
        </div>
        <div>
          <dt>{t("tokens")}</dt>
          <dd>{pairing.tokens_total === null ? "—" : format.number(pairing.tokens_total)}</dd>
        </div>
        <div>
          <dt>{t("elapsed")}</dt>
          <dd>{formatDuration(pairing.elapsed_ms)}</dd>
        </div>
        <div>
          <dt>{t("when")}</dt>
          <dd>
            {format.dateTime(new Date(pairing.created_at), { dateStyle: "medium", timeStyle: "short" })}
          </dd>
        </div>
      </dl>
      <p className={styles.label}>{t("modelOutput")}</p>
      <pre className={styles.output} data-testid="model-output">
        {pairing.model_output ?? t("noOutput")}
      </pre>
      <p className={styles.label}>{t(pairing.my_team === "red" ? "opponentDefense" : "opponentAttack")}</p>
      {pairing.opponent_prompt !== null ? (
        <pre className={styles.output} data-testid="opponent-prompt">
          {pairing.opponent_prompt}
        </pre>
      ) : (
        <p className="muted" data-testid="opponent-hidden">
          {t("opponentHidden")}
        </p>
      )}
      {pairing.secret !== null ? (
        <p data-testid="revealed-secret">
          <strong>{t("secret")}</strong> <code>{pairing.secret}</code>
        </p>
      ) : null}
    </article>
  );
}
