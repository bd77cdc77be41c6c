import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { ManifestView } from "@/components/packs/manifest-view";
import packStyles from "@/components/packs/packs.module.css";
import { workspaceForPage } from "../../../../context";
import { loadPack, loadPackVersion, versionNumberOf } from "../../../load";

type Props = { params: Promise<{ workspace: string; id: string; number: string }> };

async function load(props: Props) {
  const { workspace: slug, id, number: raw } = await props.params;
  const { workspace } = await workspaceForPage(slug);
  const number = versionNumberOf(raw);
  if (number === null) notFound();
  const [pack, version] = await Promise.all([
    loadPack(workspace.id, id),
    loadPackVersion(workspace.id, id, number),
  ]);
  return { workspace, pack, version };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { pack, version } = await load(props);
  const t = await getTranslations("consolePages.packs");
  return { title: t("versionTitle", { pack: pack.name, number: version.number }) };
}

export default async function PackVersionPage(props: Props) {
  const { workspace, pack, version } = await load(props);
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
