import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import styles from "./console.module.css";

/** The messages of a creatable list, from its page's namespace. */
type ListMessages = (key: "title" | "lead" | "new" | "emptyTitle" | "emptyDescription" | "colName") => string;

/**
 * A console list with a "new" button (`${base}/new`): in the header once there are rows, in the
 * empty state before. The table's first column is the name; `head` holds the other headers.
 */
export function CreatableList({
  t,
  base,
  icon,
  count,
  testId,
  head,
  children,
}: {
  t: ListMessages;
  base: string;
  /** The empty state's icon. */
  icon: ReactNode;
  count: number;
  testId: string;
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
}) {
  const newButton = <ButtonLink href={`${base}/new`}>{t("new")}</ButtonLink>;
  const empty = count === 0;
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
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid={testId}>
            <thead>
              <tr>
                <th scope="col">{t("colName")}</th>
                {head}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
    </>
  );
}
