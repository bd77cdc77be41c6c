import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { CompareCases } from "@/components/packs/runs/compare-cases";
import { CompareDimensions } from "@/components/packs/runs/compare-dimensions";
import { ComparePicker, type RunChoice } from "@/components/packs/runs/compare-picker";
import runStyles from "@/components/packs/runs/runs.module.css";
import { Alert } from "@/components/ui/alert";
import type { ComparisonView, PackRunView } from "@/lib/contracts/pack-runs";
import { AppError } from "@/lib/errors";
import { comparePackRuns, listPackRuns } from "@/lib/services/packs/runs";
import { workspaceForPage } from "../../../../context";
import { loadPack } from "../../../load";

type Query = Record<"a" | "b" | "a_model" | "b_model", string | string[] | undefined>;
type Props = { params: Promise<{ workspace: string; id: string }>; searchParams: Promise<Partial<Query>> };

export const dynamic = "force-dynamic";

const one = (v: string | string[] | undefined): string | undefined =>
  typeof v === "string" && v.trim() !== "" && v.length <= 300 ? v.trim() : undefined;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.packRuns");
  return { title: t("compareTitle") };
}

// Two runs of the pack side by side (?a=&b=, and a_model/b_model for runs with several models):
// each dimension's mean and its change, then every case with the changed ones highlighted.
export default async function CompareRunsPage({ params, searchParams }: Props) {
  const { workspace: slug, id } = await params;
  const query = await searchParams;
  const { workspace } = await workspaceForPage(slug);
  const pack = await loadPack(workspace.id, id);
  const [runs, t, tc] = await Promise.all([
    listPackRuns(workspace.id, pack.id),
    getTranslations("consolePages.packRuns"),
    getTranslations("consolePages.common"),
  ]);
  const packUrl = `/console/${workspace.slug}/packs/${pack.id}`;
  const a = one(query.a);
  const b = one(query.b);
  const aModel = one(query.a_model);
  const bModel = one(query.b_model);

  let comparison: ComparisonView | null = null;
  let refused: string | null = null;
  if (a && b) {
    try {
      comparison = await comparePackRuns(workspace.id, a, b, aModel, bModel);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      refused = err.message;
    }
  }

  const label = (run: PackRunView) =>
    t("runOption", {
      date: tc("date", { date: new Date(run.created_at) }),
      version: run.version_number,
      inputSet: run.input_set ?? t("allSets"),
      models: run.models.join(", "),
      status: t(`status.${run.status}`),
    });
  const choices: RunChoice[] = runs.map((run) => ({ id: run.id, label: label(run), models: run.models }));
  return (
    <>
      <p>
        <Link href={packUrl}>← {t("backToPack", { pack: pack.name })}</Link>
      </p>
      <div className="page-header">
        <h1>{t("compareTitle")}</h1>
        <p className="lead">{t("compareLead")}</p>
      </div>
      <section className={styles.section} aria-label={t("compareTitle")}>
        <ComparePicker
          action={`${packUrl}/runs/compare`}
          runs={choices}
          selected={{
            a: a ?? runs[1]?.id ?? runs[0]?.id ?? "",
            b: b ?? runs[0]?.id ?? "",
            aModel: comparison?.a_model ?? aModel ?? "",
            bModel: comparison?.b_model ?? bModel ?? "",
          }}
        />
      </section>
      {refused ? <Alert tone="error">{t("compareRefused", { reason: refused })}</Alert> : null}
      {!a || !b ? <p>{t("compareMissing")}</p> : null}
      {comparison ? (
        <>
          <ul className={runStyles.notes} data-testid="compare-heading">
            {(["a", "b"] as const).map((side) => {
              const run = comparison[side];
              return (
                <li key={side}>
                  <Link href={`${packUrl}/runs/${run.id}`}>
                    {t("compareSide", {
                      side: side === "a" ? t("colA") : t("colB"),
                      models: side === "a" ? comparison.a_model : comparison.b_model,
                      version: run.version_number,
                      inputSet: run.input_set ?? t("allSets"),
                      date: tc("date", { date: new Date(run.created_at) }),
                    })}
                  </Link>
                </li>
              );
            })}
          </ul>
          <section className={styles.section} aria-labelledby="compare-dimensions">
            <h2 id="compare-dimensions">{t("dimensionsTitle")}</h2>
            <CompareDimensions dimensions={comparison.dimensions} />
          </section>
          <section className={styles.section} aria-labelledby="compare-cases">
            <h2 id="compare-cases">{t("caseDiffTitle")}</h2>
            <CompareCases rows={comparison.cases} />
          </section>
        </>
      ) : null}
    </>
  );
}
