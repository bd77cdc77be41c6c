import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { ShieldSplitIcon } from "@/components/ui/icons";
import { listRedBlueChallenges } from "@/lib/services/red-blue";
import { workspaceForPage } from "../context";
import { CreatableList } from "@/components/console/creatable-list";

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
  return (
    <CreatableList
      t={t}
      base={base}
      icon={<ShieldSplitIcon />}
      testId="red-blue-table"
      rows={challenges}
      columns={[
        { label: t("colCategories"), cell: (c) => c.judge_suite.map((j) => j.key).join(", ") },
        { label: t("colModel"), cell: (c) => <code>{c.settings.model}</code> },
        {
          label: t("colStatus"),
          cell: (c) =>
            c.is_active ? <Badge>{t("active")}</Badge> : <span className="muted">{t("inactive")}</span>,
        },
        {
          label: t("colPairings"),
          cell: (c) => <Link href={`${base}/${c.id}/pairings`}>{t("viewPairings")}</Link>,
        },
      ]}
    />
  );
}
