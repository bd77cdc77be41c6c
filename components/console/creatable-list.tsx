import Link from "next/link";
import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { DataTable, type Column } from "./data-table";
import styles from "./console.module.css";

/** The messages of a creatable list, from its page's namespace. */
type ListMessages = (key: "title" | "lead" | "new" | "emptyTitle" | "emptyDescription" | "colName") => string;

/**
 * A console list with a "new" button (`${base}/new`): in the header once there are rows, in the
 * empty state before. The first column is the name, linked to `${base}/${id}`.
 */
export function CreatableList<R extends { id: string; name: string }>({
  t,
  base,
  icon,
  testId,
  rows,
  columns,
}: {
  t: ListMessages;
  base: string;
  /** The empty state's icon. */
  icon: ReactNode;
  testId: string;
  rows: readonly R[];
  /** The columns after the name. */
  columns: Column<R>[];
}) {
  const newButton = <ButtonLink href={`${base}/new`}>{t("new")}</ButtonLink>;
  const empty = rows.length === 0;
  return (
    <>
      <div className="page-header">
        <div className={styles.headerRow}>
          <h1>{t("title")}</h1>
          {empty ? null : newButton}
        </div>
        <p className="lead">{t("lead")}</p>
      </div>
      {empty ? (
        <EmptyState
          icon={icon}
          title={t("emptyTitle")}
          description={t("emptyDescription")}
          action={newButton}
        />
      ) : (
        <DataTable
          testId={testId}
          rows={rows}
          rowKey={(row) => row.id}
          columns={[
            { label: t("colName"), cell: (row) => <Link href={`${base}/${row.id}`}>{row.name}</Link> },
            ...columns,
          ]}
        />
      )}
    </>
  );
}
