import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
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
      count={collections.length}
      testId="collections-table"
      head={
        <>
          <th scope="col">{t("colStrategy")}</th>
          <th scope="col" className={styles.num}>
            {t("colChallenges")}
          </th>
          <th scope="col">{t("colVisibility")}</th>
        </>
      }
    >
      {collections.map((c) => (
        <tr key={c.id}>
          <th scope="row">
            <Link href={`${base}/${c.id}`}>{c.name}</Link>
          </th>
          <td>{t(`strategies.${c.scoring_strategy as "sum"}`)}</td>
          <td className={styles.num}>{c.challenges.length}</td>
          <td>{c.is_public ? t("public") : t("private")}</td>
        </tr>
      ))}
    </CreatableList>
  );
}
