import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import packStyles from "@/components/packs/packs.module.css";
import { PackFormatGuide } from "@/components/packs/format-guide";
import { ImportPanel } from "@/components/packs/import-panel";
import { PublishPanel } from "@/components/packs/publish-panel";
import { EmptyState } from "@/components/ui/empty-state";
import { StackIcon } from "@/components/ui/icons";
import { examplePackYaml } from "@/lib/packs/examples";
import { listPacks } from "@/lib/services/packs";
import { workspaceForPage } from "../context";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.packs");
  return { title: t("title") };
}

export default async function PacksPage({ params }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const [t, tc, ti, packs, example] = await Promise.all([
    getTranslations("consolePages.packs"),
    getTranslations("consolePages.common"),
    getTranslations("consolePages.packConvert"),
    listPacks(workspace.id),
    examplePackYaml(),
  ]);
  const base = `/console/${workspace.slug}/packs`;
  return (
    <>
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
      </div>
      {packs.length === 0 ? (
        <EmptyState
          className={packStyles.list}
          icon={<StackIcon />}
          title={t("emptyTitle")}
          description={t("emptyDescription")}
          action={<a href="#pack-format">{t("formatLink")}</a>}
        />
      ) : (
        <div className={`${styles.tableWrap} ${packStyles.list}`}>
          <table className={styles.table} data-testid="packs-table">
            <thead>
              <tr>
                <th scope="col">{t("colSlug")}</th>
                <th scope="col">{t("colName")}</th>
                <th scope="col">{t("colFamily")}</th>
                <th scope="col" className={styles.num}>
                  {t("colLatest")}
                </th>
                <th scope="col" className={styles.num}>
                  {t("colVersions")}
                </th>
                <th scope="col">{t("colUpdated")}</th>
              </tr>
            </thead>
            <tbody>
              {packs.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    <Link href={`${base}/${p.id}`}>
                      <code>{p.slug}</code>
                    </Link>
                  </th>
                  <td>{p.name}</td>
                  <td>{p.family}</td>
                  <td className={styles.num}>{p.latest_version ?? tc("none")}</td>
                  <td className={styles.num}>{p.version_count}</td>
                  <td>{tc("date", { date: new Date(p.updated_at) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section className={styles.section} aria-labelledby="publish-pack">
        <h2 id="publish-pack">{t("publishTitle")}</h2>
        <p>{t("publishLead")}</p>
        <PublishPanel workspace={workspace.slug} example={example} />
      </section>
      <section className={styles.section} aria-labelledby="import-pack">
        <h2 id="import-pack">{ti("importTitle")}</h2>
        <p>{ti("importLead")}</p>
        <ImportPanel workspace={workspace.slug} example={example} />
      </section>
      <section className={styles.section} aria-labelledby="pack-format">
        <h2 id="pack-format">{t("formatTitle")}</h2>
        <PackFormatGuide />
      </section>
    </>
  );
}
