import { useId, type ComponentPropsWithoutRef, type ReactNode } from "react";
import styles from "./empty-state.module.css";

export type EmptyStateProps = Omit<ComponentPropsWithoutRef<"section">, "title"> & {
  title: ReactNode;
  /** What this place is for and what to do next. */
  description?: ReactNode;
  /** Buttons, links or a small form. */
  action?: ReactNode;
  /** Decorative; hidden from assistive technology. */
  icon?: ReactNode;
  headingLevel?: 1 | 2 | 3;
};

export function EmptyState({
  title,
  description,
  action,
  icon,
  headingLevel = 2,
  className,
  children,
  ...props
}: EmptyStateProps) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      aria-labelledby={titleId}
      className={[styles.emptyState, className].filter(Boolean).join(" ")}
      {...props}
    >
      {icon ? (
        <div className={styles.icon} aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading id={titleId} className={styles.title}>
        {title}
      </Heading>
      {description ? <p className={styles.description}>{description}</p> : null}
      {children}
      {action ? <div className={styles.action}>{action}</div> : null}
    </section>
  );
}
