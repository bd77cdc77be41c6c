import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ShieldSplitIcon } from "@/components/ui/icons";
import { listRedBlueChallenges } from "@/lib/services/red-blue";
import { workspaceForPage } from "../context";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.redBlue");
  return { title: t("title") };
}

export default async function RedBlueListPage({ params }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const [t, challenges] = await Promise.all([
    getTranslations("consolePages.redBlue"),
    listRedBlueChallenges(workspace.id),
  ]);
  const base = `/console/${workspace.slug}/red-blue`;
  const newButton = <ButtonLink href={`${base}/new`}>{t("new")}</ButtonLink>;
  return (
    <>
      <div className="page-header">
        <div className={styles.headerRow}>
          <h1>{t("title")}</h1>
          {challenges.length > 0 ? newButton : null}
        </div>
        <p className="lead">{t("lead")}</p>
      </div>
      {challenges.length === 0 ? (
        <EmptyState
          icon={<ShieldSplitIcon />}
          title={t("emptyTitle")}
          description={t("emptyDescription")}
          action={newButton}
        />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="red-blue-table">
            <thead>
              <tr>
                <th scope="col">{t("colName")}</th>
                <th scope="col">{t("colCategories")}</th>
                <th scope="col">{t("colModel")}</th>
                <th scope="col">{t("colStatus")}</th>
                <th scope="col">{t("colPairings")}</th>
              </tr>
            </thead>
            <tbody>
              {challenges.map((c) => (
                <tr key={c.id}>
                  <th scope="row">
                    <Link href={`${base}/${c.id}`}>{c.name}</Link>
                  </th>
                  <td>{c.judge_suite.map((j) => j.key).join(", ")}</td>
                  <td>
                    <code>{c.settings.model}</code>
                  </td>
                  <td>
                    {c.is_active ? (
                      <Badge>{t("active")}</Badge>
                    ) : (
                      <span className="muted">{t("inactive")}</span>
                    )}
                  </td>
                  <td>
                    <Link href={`${base}/${c.id}/pairings`}>{t("viewPairings")}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
