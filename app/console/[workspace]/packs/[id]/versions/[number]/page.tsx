import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { ManifestView } from "@/components/packs/manifest-view";
import packStyles from "@/components/packs/packs.module.css";
import { loadVersionPage, type VersionPageProps } from "../../../load";

export async function generateMetadata(props: VersionPageProps): Promise<Metadata> {
  const { pack, version } = await loadVersionPage(props);
  const t = await getTranslations("consolePages.packs");
  return { title: t("versionTitle", { pack: pack.name, number: version.number }) };
}

export default async function PackVersionPage(props: VersionPageProps) {
  const { workspace, pack, version } = await loadVersionPage(props);
  const [t, tc, tcal] = await Promise.all([
    getTranslations("consolePages.packs"),
    getTranslations("consolePages.common"),
    getTranslations("consolePages.calibration"),
  ]);
  const packHref = `/console/${workspace.slug}/packs/${pack.id}`;
  return (
    <>
      <p>
        <Link href={packHref}>← {pack.name}</Link>
      </p>
      <div className="page-header">
        <h1>{t("versionTitle", { pack: pack.name, number: version.number })}</h1>
        <p className="lead">{t("manifestLead", { number: version.number })}</p>
        <p>
          <Link
            href={`${packHref}/versions/${version.number}/calibration`}
            data-testid="pack-calibration-link"
          >
            {tcal("packOpen")}
          </Link>
        </p>
      </div>
      <section className={styles.section} aria-labelledby="version-facts">
        <h2 id="version-facts">{t("facts")}</h2>
        <dl className={packStyles.ids} data-testid="version-facts">
          <dt>{t("factPack")}</dt>
          <dd>
            <code>{pack.slug}</code> · {pack.name} · {pack.family}
          </dd>
          <dt>{t("colNumber")}</dt>
          <dd>{version.number}</dd>
          <dt>{t("factMode")}</dt>
          <dd>
            <code>{version.execution_mode}</code>
          </dd>
          <dt>{t("factHash")}</dt>
          <dd>
            <code>{version.content_hash}</code>
          </dd>
          <dt>{t("factSpec")}</dt>
          <dd>
            <code>{version.evaluation_spec_id}</code>
          </dd>
          <dt>{t("factPublished")}</dt>
          <dd>{tc("date", { date: new Date(version.created_at) })}</dd>
        </dl>
      </section>
      <ManifestView manifest={version.manifest} sourceYaml={version.source_yaml} />
    </>
  );
}
