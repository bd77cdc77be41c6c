import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import styles from "./console.module.css";

/**
 * A console page header under a "← back" link (labelled "Back" unless told): the title with its
 * badge, the page's actions beside it when it has some, then the lead when there is one.
 */
export function BackHeader({
  backHref,
  backLabel,
  title,
  badge,
  actions,
  lead,
}: {
  backHref: string;
  backLabel?: ReactNode;
  title: ReactNode;
  badge?: ReactNode;
  actions?: ReactNode;
  lead?: ReactNode;
}) {
  const tc = useTranslations("consolePages.common");
  const heading =
    badge === undefined ? (
      <h1>{title}</h1>
    ) : (
      <div className={styles.heading}>
        <h1>{title}</h1>
        {badge}
      </div>
    );
  return (
    <div className="page-header">
      <p>
        <Link href={backHref}>← {backLabel ?? tc("back")}</Link>
      </p>
      {actions === undefined ? (
        heading
      ) : (
        <div className={styles.headerRow}>
          {heading}
          <div className="cluster">{actions}</div>
        </div>
      )}
      {lead === undefined ? null : <p className="lead">{lead}</p>}
    </div>
  );
}

/** The notice after a create redirected to the new record's page (`?created=1`). */
export function CreatedAlert({ shown, title, body }: { shown: boolean; title?: string; body: string }) {
  if (!shown) return null;
  return (
    <Alert tone="success" title={title} className={styles.section}>
      {body}
    </Alert>
  );
}
