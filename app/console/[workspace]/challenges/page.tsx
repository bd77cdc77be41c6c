import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { TargetIcon } from "@/components/ui/icons";
import { listChallenges } from "@/lib/services/challenges";
import { workspaceForPage } from "../context";
import { CreatableList } from "@/components/console/creatable-list";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.challenges");
  return { title: t("title") };
}

export default async function ChallengesPage({ params }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const [t, tf, format, challenges] = await Promise.all([
    getTranslations("consolePages.challenges"),
    getTranslations("consolePages.challengeForm"),
    getFormatter(),
    listChallenges(workspace.id),
  ]);
  const base = `/console/${workspace.slug}/challenges`;
  return (
    <CreatableList
      t={t}
      base={base}
      icon={<TargetIcon />}
      count={challenges.length}
      testId="challenges-table"
      head={
        <>
          <th scope="col">{t("colStatus")}</th>
          <th scope="col">{t("colDifficulty")}</th>
          <th scope="col">{t("colStrategy")}</th>
          <th scope="col" className={styles.num}>
            {t("colAttempts")}
          </th>
          <th scope="col" className={styles.num}>
            {t("colSolvers")}
          </th>
          <th scope="col">{t("colLinks")}</th>
        </>
      }
    >
      {challenges.map((c) => (
        <tr key={c.id}>
          <th scope="row">
            <Link href={`${base}/${c.id}`}>{c.name}</Link>
          </th>
          <td>
            {c.is_active ? t("active") : t("inactive")}
            <div className="muted">
              {c.published_version === null
                ? t("unpublished")
                : t("published", { version: c.published_version })}
            </div>
          </td>
          <td>{tf(`difficulties.${c.difficulty as "easy"}`)}</td>
          <td>{tf(`strategies.${c.scoring_strategy as "first"}`)}</td>
          <td className={styles.num}>{format.number(c.attempts_count)}</td>
          <td className={styles.num}>{format.number(c.solves_count)}</td>
          <td>
            <span className="cluster">
              <Link href={`${base}/${c.id}/workflow`}>{t("workflow")}</Link>
              <Link href={`${base}/${c.id}/attempts`}>{t("attempts")}</Link>
            </span>
          </td>
        </tr>
      ))}
    </CreatableList>
  );
}
