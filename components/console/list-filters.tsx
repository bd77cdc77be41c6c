import type { ReactNode } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField } from "./fields";
import styles from "./console.module.css";

/** The messages of a filtered list, from its page's namespace. */
type FilterMessages = (
  key:
    | "filters"
    | "apply"
    | "clear"
    | "emptyTitle"
    | "emptyDescription"
    | "emptyFilteredTitle"
    | "emptyFilteredDescription",
) => string;

/** A GET form of filters over a console list: works without JS, the URL is the state. */
export function FilterBar({
  t,
  clearHref,
  filtered,
  children,
}: {
  t: FilterMessages;
  /** The list without filters; the clear link shows only while a filter is set. */
  clearHref: string;
  filtered: boolean;
  children: ReactNode;
}) {
  return (
    <form method="get" className={styles.filters} aria-label={t("filters")}>
      {children}
      <div className="cluster">
        <Button type="submit" variant="secondary">
          {t("apply")}
        </Button>
        {filtered ? (
          <ButtonLink href={clearHref} variant="ghost">
            {t("clear")}
          </ButtonLink>
        ) : null}
      </div>
    </form>
  );
}

/** The empty state of a filtered list: "nothing matches" while a filter is set, "nothing yet" before. */
export function FilteredEmpty({
  t,
  icon,
  filtered,
}: {
  t: FilterMessages;
  icon: ReactNode;
  filtered: boolean;
}) {
  return (
    <EmptyState
      icon={icon}
      title={filtered ? t("emptyFilteredTitle") : t("emptyTitle")}
      description={filtered ? t("emptyFilteredDescription") : t("emptyDescription")}
    />
  );
}

/** A filter select's options: "any" (no filter) first, then each value with its label. */
export function filterOptions<T extends string>(
  anyLabel: string,
  values: readonly T[],
  label: (value: T) => string,
): { value: string; label: string }[] {
  return [{ value: "", label: anyLabel }, ...values.map((value) => ({ value, label: label(value) }))];
}

/** One select of a FilterBar (`filter-<name>`, labelled by the message `name`): "any" first, then each value. */
export function FilterSelect<K extends string, T extends string>({
  t,
  name,
  value,
  values,
  labelOf,
}: {
  t: (key: K | "any") => string;
  name: K;
  value: string | undefined;
  values: readonly T[];
  labelOf: (value: T) => string;
}) {
  return (
    <SelectField
      id={`filter-${name}`}
      name={name}
      label={t(name)}
      defaultValue={value ?? ""}
      options={filterOptions(t("any"), values, labelOf)}
    />
  );
}

/** The address of one page of a filtered list: the set filters, then `page`. */
export function listPageHref(
  path: string,
  filters: Record<string, string | undefined>,
  page: number,
): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) q.set(key, value);
  q.set("page", String(page));
  return `${path}?${q.toString()}`;
}

/** The messages of a paged list, from its page's namespace. */
type PagerMessages = (
  key: "pagination" | "previous" | "next" | "pageOf",
  values?: { page: number; pages: number },
) => string;

/** The Pager of a filtered list: each page link keeps the filters that are set. */
export function FilteredPager({
  t,
  path,
  filters,
  page,
  pages,
}: {
  t: PagerMessages;
  path: string;
  filters: Record<string, string | undefined>;
  page: number;
  pages: number;
}) {
  return (
    <Pager
      label={t("pagination")}
      page={page}
      pages={pages}
      href={(n) => listPageHref(path, filters, n)}
      previousLabel={t("previous")}
      nextLabel={t("next")}
      pageOfLabel={t("pageOf", { page, pages })}
    />
  );
}

/** Previous / "page n of m" / next under a list; nothing when it fits on one page. */
export function Pager({
  label,
  page,
  pages,
  href,
  previousLabel,
  nextLabel,
  pageOfLabel,
}: {
  label: string;
  page: number;
  pages: number;
  href: (page: number) => string;
  previousLabel: ReactNode;
  nextLabel: ReactNode;
  pageOfLabel: ReactNode;
}) {
  if (pages <= 1) return null;
  // Empty spans keep "page n of m" centred when one side has no link.
  return (
    <nav className={styles.pager} aria-label={label}>
      {page > 1 ? (
        <ButtonLink href={href(page - 1)} variant="secondary" size="sm">
          {previousLabel}
        </ButtonLink>
      ) : (
        <span />
      )}
      <span className="muted">{pageOfLabel}</span>
      {page < pages ? (
        <ButtonLink href={href(page + 1)} variant="secondary" size="sm">
          {nextLabel}
        </ButtonLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
