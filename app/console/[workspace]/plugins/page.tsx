import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { WrenchIcon } from "@/components/ui/icons";
import { listPlugins } from "@/lib/services/plugins";
import { workspaceForPage } from "../context";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.plugins");
  return { title: t("title") };
}

export default async function PluginsPage({ params }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const [t, tc, plugins] = await Promise.all([
    getTranslations("consolePages.plugins"),
    getTranslations("consolePages.common"),
    listPlugins(workspace.id),
  ]);
  const base = `/console/${workspace.slug}/plugins`;
  return (
    <>
      <div className="page-header">
        <div className={styles.headerRow}>
          <h1>{t("title")}</h1>
          <ButtonLink href={`${base}/new`}>{t("new")}</ButtonLink>
        </div>
        <p className="lead">{t("lead")}</p>
      </div>
      {plugins.length === 0 ? (
        <EmptyState
          icon={<WrenchIcon />}
          title={t("emptyTitle")}
          description={t("emptyDescription")}
          action={<ButtonLink href={`${base}/new`}>{t("new")}</ButtonLink>}
        />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t("colName")}</th>
                <th scope="col">{t("colSlug")}</th>
                <th scope="col">{t("colKind")}</th>
                <th scope="col">{t("colEntrypoints")}</th>
                <th scope="col" className={styles.num}>
                  {t("colVersion")}
                </th>
                <th scope="col">{t("colUpdated")}</th>
              </tr>
            </thead>
            <tbody>
              {plugins.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    <Link href={`${base}/${p.id}`}>{p.name}</Link>
                  </th>
                  <td>
                    <code>{p.pluginId}</code>
                  </td>
                  <td>{p.kind === "scorer" ? t("kindScorer") : t("kindEvaluator")}</td>
                  <td>
                    <code>{p.entrypoints.join(", ")}</code>
                  </td>
                  <td className={styles.num}>{p.version}</td>
                  <td>{tc("date", { date: p.updatedAt })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
