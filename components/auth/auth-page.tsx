import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import styles from "./auth-page.module.css";

/** The frame of the login and register pages: heading, what the event link says, the forms, the switch link. */
export function AuthPage({
  narrow = false,
  title,
  lead,
  notice,
  eventLabel,
  switchLine,
  children,
}: {
  narrow?: boolean;
  title: string;
  lead: string;
  notice: { name: string } | { refusal: string } | null;
  eventLabel: (name: string) => string;
  switchLine: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={narrow ? `${styles.page} ${styles.narrow}` : styles.page}>
      <div className={styles.header}>
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
      </div>
      {notice && "name" in notice ? (
        <Alert tone="info">{eventLabel(notice.name)}</Alert>
      ) : notice ? (
        <Alert tone="warning">{notice.refusal}</Alert>
      ) : null}
      {children}
      <p className={styles.switch}>{switchLine}</p>
    </div>
  );
}
