import { useId, type ComponentPropsWithoutRef, type ReactNode } from "react";
import styles from "./card.module.css";

export type CardProps = Omit<ComponentPropsWithoutRef<"section">, "title"> & {
  title?: ReactNode;
  /** Heading level of the title, to fit the page outline. */
  headingLevel?: 2 | 3 | 4;
  description?: ReactNode;
  /** Pinned to the bottom of the card, e.g. a link or an action. */
  footer?: ReactNode;
};

/** A bordered surface. With a title it becomes a labelled region (a <section>), otherwise a <div>. */
export function Card({
  title,
  headingLevel = 2,
  description,
  footer,
  children,
  className,
  ...props
}: CardProps) {
  const titleId = useId();
  const classes = [styles.card, className].filter(Boolean).join(" ");
  const Heading = `h${headingLevel}` as const;

  if (title === undefined) {
    return (
      <div className={classes} {...props}>
        {children}
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    );
  }

  return (
    <section aria-labelledby={titleId} className={classes} {...props}>
      <div className={styles.header}>
        <Heading id={titleId} className={styles.title}>
          {title}
        </Heading>
        {description ? <p className={styles.description}>{description}</p> : null}
      </div>
      {children}
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </section>
  );
}
