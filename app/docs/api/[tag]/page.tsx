import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { code } from "../../rich";
import styles from "../../docs.module.css";
import { Operation } from "../operation";
import { ErrorCodes, OperationLinks, Search, TagIndex } from "../parts";
import { referenceData } from "../reference-data";

// GET /docs/api/<tag> — one tag's operations of the API reference (web, arena, console, …), each
// with its shapes, errors and a curl example for the address the reader reached this server at.

type Props = { params: Promise<{ tag: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations("docs.api");
  return { title: t("tagTitle", { tag: (await params).tag }) };
}

export default async function ApiTagPage({ params }: Props) {
  const { tag } = await params;
  const [t, { groups, index, sharedCodes }] = await Promise.all([getTranslations("docs.api"), referenceData()]);
  const group = groups.find((g) => g.tag === tag);
  if (!group) notFound();
  return (
    <div className={styles.layout}>
      <nav className={styles.sidebar} aria-label={t("contents")}>
        <TagIndex groups={groups} current={group.tag} />
      </nav>
      <div className={styles.content}>
        <div className="page-header" id="top">
          <p>
            <Link href="/docs/api">{t("title")}</Link>
          </p>
          <h1>
            {t("tagTitle", { tag: group.tag })}{" "}
            <span className={styles.muted}>{t("operations", { count: group.operations.length })}</span>
          </h1>
          {group.description ? <p className="lead">{group.description}</p> : null}
          <p>{t.rich("tagLead", { ...code, placeholder: "<id>" })}</p>
        </div>
        <Search index={index} />
        <details className={styles.mobileIndex}>
          <summary>{t("contents")}</summary>
          <OperationLinks operations={group.operations} className={styles.indexList} />
        </details>
        {group.tag === "arena" ? null : <ErrorCodes codes={sharedCodes} />}
        <section aria-label={group.tag} className={styles.group}>
          {group.operations.map((op) => (
            <Operation key={op.id} op={op} />
          ))}
          <p>
            <a href="#top">{t("backToTop")}</a>
          </p>
        </section>
      </div>
    </div>
  );
}
