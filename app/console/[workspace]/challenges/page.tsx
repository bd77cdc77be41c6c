import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
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
      testId="challenges-table"
      rows={challenges}
      columns={[
        {
          label: t("colStatus"),
          cell: (c) => (
            <>
              {c.is_active ? t("active") : t("inactive")}
              <div className="muted">
                {c.published_version === null
                  ? t("unpublished")
                  : t("published", { version: c.published_version })}
              </div>
            </>
          ),
        },
        { label: t("colDifficulty"), cell: (c) => tf(`difficulties.${c.difficulty as "easy"}`) },
        { label: t("colStrategy"), cell: (c) => tf(`strategies.${c.scoring_strategy as "first"}`) },
        { label: t("colAttempts"), num: true, cell: (c) => format.number(c.attempts_count) },
        { label: t("colSolvers"), num: true, cell: (c) => format.number(c.solves_count) },
        {
          label: t("colLinks"),
          cell: (c) => (
            <span className="cluster">
              <Link href={`${base}/${c.id}/workflow`}>{t("workflow")}</Link>
              <Link href={`${base}/${c.id}/attempts`}>{t("attempts")}</Link>
            </span>
          ),
        },
      ]}
    />
  );
}
