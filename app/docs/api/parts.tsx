import { getTranslations } from "next-intl/server";
import { ApiSearch } from "@/components/docs/api-search";
import { tagHref, type RefGroup } from "@/lib/openapi/reference";
import type { SearchEntry } from "@/lib/openapi/search";
import styles from "../docs.module.css";

/** Links to a tag's operations on its page: method and path. */
export function OperationLinks({ operations, className }: { operations: RefGroup["operations"]; className?: string }) {
  return (
    <ul className={className}>
      {operations.map((op) => (
        <li key={op.id}>
          <a href={`#${op.id}`}>
            <b data-method={op.method}>{op.method}</b> {op.path}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The tags, each with a link to its page; the current tag's operations listed under it. */
export async function TagIndex({ groups, current }: { groups: RefGroup[]; current?: string }) {
  const t = await getTranslations("docs.api");
  return (
    <ul className={styles.indexList}>
      {groups.map((g) => (
        <li key={g.tag}>
          <a href={tagHref(g.tag)} className={styles.indexTag} aria-current={g.tag === current ? "page" : undefined}>
            {g.tag}
          </a>{" "}
          <span className={styles.muted}>{t("operations", { count: g.operations.length })}</span>
          {g.tag === current ? (
            <OperationLinks operations={g.operations} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export async function Search({ index }: { index: SearchEntry[] }) {
  const t = await getTranslations("docs.api");
  return (
    <ApiSearch
      index={index}
      label={t("searchLabel")}
      placeholder={t("searchPlaceholder")}
      noResults={t("searchNone")}
      className={styles.search}
    />
  );
}

/** The `error.code` values by status, shared by every route (route-specific ones are on the route). */
export async function ErrorCodes({ codes }: { codes: Record<string, string[]> }) {
  const t = await getTranslations("docs.api");
  return (
    <details className={styles.disclosure} id="error-codes">
      <summary>{t("codesByStatus")}</summary>
      <ul className={styles.fields}>
        {Object.entries(codes).map(([status, list]) => (
          <li key={status}>
            <strong>{status}</strong> <code>{list.join(", ")}</code>
          </li>
        ))}
      </ul>
    </details>
  );
}
