import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StackIcon } from "@/components/ui/icons";
import { listCollections } from "@/lib/services/collections";
import { workspaceForPage } from "../context";
import { CreatableList } from "@/components/console/creatable-list";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.collections");
  return { title: t("title") };
}

export default async function CollectionsPage({ params }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const [t, collections] = await Promise.all([
    getTranslations("consolePages.collections"),
    listCollections(workspace.id),
  ]);
  const base = `/console/${workspace.slug}/collections`;
  return (
    <CreatableList
      t={t}
      base={base}
      icon={<StackIcon />}
      testId="collections-table"
      rows={collections}
      columns={[
        { label: t("colStrategy"), cell: (c) => t(`strategies.${c.scoring_strategy as "sum"}`) },
        { label: t("colChallenges"), num: true, cell: (c) => c.challenges.length },
        { label: t("colVisibility"), cell: (c) => (c.is_public ? t("public") : t("private")) },
      ]}
    />
  );
}
