import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import styles from "./console.module.css";

/** A console list with a "new" button: in the header once there are rows, in the empty state before. */
export function CreatableList({
  title,
  lead,
  newHref,
  newLabel,
  empty,
  children,
}: {
  title: string;
  lead: string;
  newHref: string;
  newLabel: string;
  /** Set while the list is empty: shown instead of the table. */
  empty: { icon: ReactNode; title: string; description: string } | null;
  /** The table. */
  children: ReactNode;
}) {
  const newButton = <ButtonLink href={newHref}>{newLabel}</ButtonLink>;
  return (
    <>
      <div className="page-header">
        <div className={styles.headerRow}>
          <h1>{title}</h1>
          {empty ? null : newButton}
        </div>
        <p className="lead">{lead}</p>
      </div>
      {empty ? (
        <EmptyState icon={empty.icon} title={empty.title} description={empty.description} action={newButton} />
      ) : (
        <div className={styles.tableWrap}>{children}</div>
      )}
    </>
  );
}
