import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "../docs.module.css";

// GET /docs/calibration — what each number of a judge calibration report means.

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("docs.calibration");
  return { title: t("title") };
}

export default async function CalibrationDocsPage() {
  const t = await getTranslations("docs.calibration");
  return (
    <div className={styles.prose}>
      <p>
        <Link href="/docs/api">{(await getTranslations("docs"))("footerApi")}</Link>
      </p>
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
      </div>
      <section aria-labelledby="cal-examples">
        <h2 id="cal-examples">{t("examplesHeading")}</h2>
        <p>{t("examples")}</p>
      </section>
      <section aria-labelledby="cal-numbers">
        <h2 id="cal-numbers">{t("numbersHeading")}</h2>
        <ul className={styles.steps}>
          {(["agreement", "kappa", "falseWins", "falseLosses", "flips", "errors"] as const).map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="cal-reading">
        <h2 id="cal-reading">{t("readingHeading")}</h2>
        <ol className={styles.steps}>
          <li>{t("reading1")}</li>
          <li>{t("reading2")}</li>
          <li>{t("reading3")}</li>
        </ol>
      </section>
      <section aria-labelledby="cal-gate">
        <h2 id="cal-gate">{t("gateHeading")}</h2>
        <p>{t("gate")}</p>
      </section>
      <section aria-labelledby="cal-review">
        <h2 id="cal-review">{t("reviewHeading")}</h2>
        <p>{t("review1")}</p>
        <p>{t("review2")}</p>
        <p>{t("review3")}</p>
      </section>
      <section aria-labelledby="cal-public">
        <h2 id="cal-public">{t("publicHeading")}</h2>
        <p>{t("public")}</p>
      </section>
      <section aria-labelledby="cal-reproduce">
        <h2 id="cal-reproduce">{t("reproduceHeading")}</h2>
        <p>{t("reproduce")}</p>
      </section>
    </div>
  );
}
