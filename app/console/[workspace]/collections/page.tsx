import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { StackIcon } from "@/components/ui/icons";
import { listCollections } from "@/lib/services/collections";
import { workspaceForPage } from "../context";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.collections");
  return { title: t("title") };
}

export default async function CollectionsPage({ params }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const [t, collections] = await Promise.all([getTranslations("consolePages.collections"), listCollections(workspace.id)]);
  const base = `/console/${workspace.slug}/collections`;
  const newButton = <ButtonLink href={`${base}/new`}>{t("new")}</ButtonLink>;
  return (
    <>
      <div className="page-header">
        <div className={styles.headerRow}>
          <h1>{t("title")}</h1>
          {collections.length > 0 ? newButton : null}
        </div>
        <p className="lead">{t("lead")}</p>
      </div>
      {collections.length === 0 ? (
        <EmptyState icon={<StackIcon />} title={t("emptyTitle")} description={t("emptyDescription")} action={newButton} />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="collections-table">
            <thead>
              <tr>
                <th scope="col">{t("colName")}</th>
                <th scope="col">{t("colStrategy")}</th>
                <th scope="col" className={styles.num}>
                  {t("colChallenges")}
                </th>
                <th scope="col">{t("colVisibility")}</th>
              </tr>
            </thead>
            <tbody>
              {collections.map((c) => (
                <tr key={c.id}>
                  <th scope="row">
                    <Link href={`${base}/${c.id}`}>{c.name}</Link>
                  </th>
                  <td>{t(`strategies.${c.scoring_strategy as "sum"}`)}</td>
                  <td className={styles.num}>{c.challenges.length}</td>
                  <td>{c.is_public ? t("public") : t("private")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
