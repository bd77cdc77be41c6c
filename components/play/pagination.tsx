import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "./pagination.module.css";

/** Previous/next links over `?page=` (other search params kept), with "page x of y". */
export async function Pagination({
  basePath,
  page,
  pageCount,
  label,
}: {
  basePath: string;
  page: number;
  pageCount: number;
  label: string;
}) {
  if (pageCount <= 1) return null;
  const t = await getTranslations("player.pagination");
  const join = basePath.includes("?") ? "&" : "?";
  const href = (p: number) => (p <= 1 ? basePath : `${basePath}${join}page=${p}`);
  return (
    <nav aria-label={label} className={styles.pagination}>
      {page > 1 ? (
        <Link href={href(page - 1)} rel="prev">
          {t("previous")}
        </Link>
      ) : (
        <span aria-hidden="true" className={styles.pageDisabled}>
          {t("previous")}
        </span>
      )}
      <span>{t("pageOf", { page, pages: pageCount })}</span>
      {page < pageCount ? (
        <Link href={href(page + 1)} rel="next">
          {t("next")}
        </Link>
      ) : (
        <span aria-hidden="true" className={styles.pageDisabled}>
          {t("next")}
        </span>
      )}
    </nav>
  );
}
