import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { RunForm } from "@/components/packs/runs/run-form";
import { RunsTable } from "@/components/packs/runs/runs-table";
import { VersionDiff } from "@/components/packs/version-diff";
import { listPackRuns } from "@/lib/services/packs/runs";
import { workspaceForPage } from "../../context";
import { loadPack, loadPackVersion, versionNumberOf } from "../load";
import { runFormOptions } from "./runs/form-options";

type Props = {
  params: Promise<{ workspace: string; id: string }>;
  searchParams: Promise<{ from?: string | string[]; to?: string | string[] }>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace: slug, id } = await params;
  const { workspace } = await workspaceForPage(slug);
  const pack = await loadPack(workspace.id, id);
  return { title: pack.name };
}

const short = (hash: string) => hash.replace(/^sha256:/, "").slice(0, 12);

export default async function PackPage({ params, searchParams }: Props) {
  const { workspace: slug, id } = await params;
  const query = await searchParams;
  const { workspace } = await workspaceForPage(slug);
  const [pack, t, tc, tr] = await Promise.all([
    loadPack(workspace.id, id),
    getTranslations("consolePages.packs"),
    getTranslations("consolePages.common"),
    getTranslations("consolePages.packRuns"),
  ]);
  const [runs, runOptions] = await Promise.all([
    listPackRuns(workspace.id, pack.id),
    runFormOptions(workspace.id, pack.versions),
  ]);
  const base = `/console/${workspace.slug}/packs`;
  const numbers = pack.versions.map((v) => v.number);

  // Default: the previous version against the latest; a number that does not exist is reported.
  const wantFrom = versionNumberOf(query.from);
  const wantTo = versionNumberOf(query.to);
  const missing = [query.from, query.to].find(
    (raw) => raw !== undefined && !numbers.includes(versionNumberOf(raw) ?? -1),
  );
  const toNumber = wantTo !== null && numbers.includes(wantTo) ? wantTo : numbers[0];
  const fromNumber = wantFrom !== null && numbers.includes(wantFrom) ? wantFrom : numbers[1];
  const [fromVersion, toVersion] =
    fromNumber !== undefined && toNumber !== undefined
      ? await Promise.all([
          loadPackVersion(workspace.id, pack.id, fromNumber),
          loadPackVersion(workspace.id, pack.id, toNumber),
        ])
      : [undefined, undefined];

  return (
    <>
      <p>
        <Link href={base}>← {t("back")}</Link>
      </p>
      <div className="page-header">
        <h1>{pack.name}</h1>
        <p className="lead">
          <code>{pack.slug}</code> · {pack.family}
          {pack.description ? ` · ${pack.description}` : null}
        </p>
      </div>
      <section className={styles.section} aria-labelledby="pack-versions">
        <h2 id="pack-versions">{t("versionsTitle")}</h2>
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="pack-versions">
            <thead>
              <tr>
                <th scope="col" className={styles.num}>
                  {t("colNumber")}
                </th>
                <th scope="col">{t("colMode")}</th>
                <th scope="col">{t("colHash")}</th>
                <th scope="col">{t("colSpec")}</th>
                <th scope="col">{t("colInputSets")}</th>
                <th scope="col">{t("colCreated")}</th>
              </tr>
            </thead>
            <tbody>
              {pack.versions.map((v) => (
                <tr key={v.id}>
                  <th scope="row" className={styles.num}>
                    <Link href={`${base}/${pack.id}/versions/${v.number}`}>{v.number}</Link>
                  </th>
                  <td>
                    <code>{v.execution_mode}</code>
                  </td>
                  <td>
                    <code title={v.content_hash}>{short(v.content_hash)}</code>
                  </td>
                  <td>
                    <code title={v.evaluation_spec_id}>{short(v.evaluation_spec_id)}</code>
                  </td>
                  <td>
                    {v.input_sets.length === 0
                      ? tc("none")
                      : v.input_sets.map((s) => (
                          <div key={s.id}>{t("caseCount", { name: s.key, count: s.case_count })}</div>
                        ))}
                  </td>
                  <td>{tc("date", { date: new Date(v.created_at) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className={styles.section} aria-labelledby="pack-run">
        <h2 id="pack-run">{tr("runTitle")}</h2>
        <p>{tr("runLead")}</p>
        {runOptions.versions.length > 0 ? (
          <RunForm workspace={workspace.slug} packId={pack.id} options={runOptions} />
        ) : (
          <p>{tr("noVersion")}</p>
        )}
      </section>
      <section className={styles.section} aria-labelledby="pack-runs">
        <h2 id="pack-runs">{tr("runsTitle")}</h2>
        <RunsTable runs={runs} base={`${base}/${pack.id}`} />
      </section>
      <section className={styles.section} aria-labelledby="pack-diff">
        <h2 id="pack-diff">{t("diffTitle")}</h2>
        {fromVersion && toVersion ? (
          <VersionDiff
            numbers={numbers}
            from={{ number: fromVersion.number, source: fromVersion.source_yaml }}
            to={{ number: toVersion.number, source: toVersion.source_yaml }}
            unknown={missing !== undefined ? (versionNumberOf(missing) ?? undefined) : undefined}
          />
        ) : (
          <p>{t("diffOne")}</p>
        )}
      </section>
    </>
  );
}
