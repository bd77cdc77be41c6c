import type { ComponentPropsWithoutRef, ReactNode } from "react";
import styles from "./alert.module.css";

export type AlertTone = "error" | "warning" | "info" | "success";

export type AlertProps = Omit<ComponentPropsWithoutRef<"div">, "title" | "role"> & {
  tone?: AlertTone;
  title?: ReactNode;
};

/**
 * Errors use role="alert" (announced at once); other tones use role="status" (announced politely).
 * Render it when the message appears rather than toggling its visibility, so it is announced.
 */
export function Alert({ tone = "info", title, children, className, ...props }: AlertProps) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={[styles.alert, styles[tone], className].filter(Boolean).join(" ")}
      {...props}
    >
      {title ? <p className={styles.title}>{title}</p> : null}
      {children ? <div className={styles.body}>{children}</div> : null}
    </div>
  );
}
