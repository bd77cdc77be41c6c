import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";
import { ArenaIcon, ShieldSplitIcon, StackIcon, TargetIcon } from "@/components/ui/icons";
import styles from "@/components/home/home.module.css";

type Area = { key: "challenges" | "collections" | "redBlue" | "arena"; href: string; icon: ReactNode };

const areas: Area[] = [
  { key: "challenges", href: "/challenges", icon: <TargetIcon /> },
  { key: "collections", href: "/challenge-collections", icon: <StackIcon /> },
  { key: "redBlue", href: "/red-blue", icon: <ShieldSplitIcon /> },
  { key: "arena", href: "/arena", icon: <ArenaIcon /> },
];

export default async function HomePage() {
  const t = await getTranslations("home");
  return (
    <div className={styles.home}>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={styles.title}>
          {t("title")}
        </h1>
        <p className={styles.lead}>{t("lead")}</p>
        <p className={styles.lead}>{t("leadCreators")}</p>
        <div className="cluster">
          <ButtonLink href="/challenges">{t("browseChallenges")}</ButtonLink>
          <ButtonLink href="/console" variant="secondary">
            {t("openConsole")}
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="home-areas">
        <h2 id="home-areas" className={styles.sectionTitle}>
          {t("areasHeading")}
        </h2>
        <ul className="card-grid">
          {areas.map((area) => (
            <li key={area.key} className={styles.area}>
              <span className={styles.areaIcon}>{area.icon}</span>
              <h3 className={styles.areaTitle}>
                <Link href={area.href} className={styles.areaLink}>
                  {t(`areas.${area.key}.title`)}
                </Link>
              </h3>
              <p className={styles.areaText}>{t(`areas.${area.key}.description`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
