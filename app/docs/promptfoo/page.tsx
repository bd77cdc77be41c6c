import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { requestOrigin } from "../origin";
import { code } from "../rich";
import styles from "../docs.module.css";
import { promptfooConfig } from "./config";

// GET /docs/promptfoo — how to drive attacks with promptfoo's stock HTTP provider.

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("docs.promptfoo");
  return { title: t("title") };
}

const RESULT_EXAMPLE = `{
  "attempt_id": "0197…",
  "challenge_id": "0197…",
  "status": "completed",
  "succeeded": false,
  "score": 0,
  "judge_rating": null,
  "judge_feedback": "The answer did not reveal the secret.",
  "message": "Not this time.",
  "answer": "I can't share that.",
  "attempts_left": 9,
  "cooldown_until": null,
  "replayed": false,
  …
}`;

export default async function PromptfooPage() {
  const [t, origin] = await Promise.all([getTranslations("docs.promptfoo"), requestOrigin()]);
  return (
    <div className={styles.prose}>
      <p>
        <Link href="/docs/api">{t("backToApi")}</Link>
      </p>
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
      </div>

      <section aria-labelledby="pf-steps">
        <h2 id="pf-steps">{t("stepsHeading")}</h2>
        <ol className={styles.steps}>
          <li>{t.rich("step1", code)}</li>
          <li>{t.rich("step2", code)}</li>
          <li>
            {t.rich("step3", {
              ...code,
              command: "GAUNTLET_TOKEN=gnt_… npx promptfoo@latest eval",
            })}
          </li>
        </ol>
      </section>

      <section aria-labelledby="pf-config">
        <h2 id="pf-config">{t("configHeading")}</h2>
        <pre className={styles.code} tabIndex={0} data-testid="promptfoo-config">
          <code>{promptfooConfig(origin)}</code>
        </pre>
      </section>

      <section aria-labelledby="pf-fields">
        <h2 id="pf-fields">{t("fieldsHeading")}</h2>
        <ul className={styles.steps}>
          <li>{t.rich("fieldUrl", code)}</li>
          <li>{t.rich("fieldAuth", { ...code, envToken: "{{env.GAUNTLET_TOKEN}}" })}</li>
          <li>{t.rich("fieldIdempotency", { ...code, transformVars: "transformVars" })}</li>
          <li>{t.rich("fieldBody", { ...code, body: '{ "prompt": "{{prompt}}" }' })}</li>
          <li>
            {t.rich("fieldTransform", {
              ...code,
              output: "{ succeeded, status, judge_feedback, answer }",
            })}
          </li>
          <li>{t.rich("fieldAssert", code)}</li>
        </ul>
      </section>

      <section aria-labelledby="pf-limits">
        <h2 id="pf-limits">{t("limitsHeading")}</h2>
        <ul className={styles.steps}>
          <li>{t.rich("limitRate", code)}</li>
          <li>{t.rich("limitExhausted", code)}</li>
          <li>{t.rich("limitCache", code)}</li>
        </ul>
      </section>

      <section aria-labelledby="pf-result">
        <h2 id="pf-result">{t("responseHeading")}</h2>
        <p>{t.rich("responseText", code)}</p>
        <pre className={styles.code} tabIndex={0}>
          <code>{RESULT_EXAMPLE}</code>
        </pre>
      </section>
    </div>
  );
}
