import type { ComponentProps } from "react";
import { ConfirmAction } from "./confirm-action";
import styles from "./console.module.css";

/** The foot of an editor page: a heading, what deleting means, and the confirmed delete. */
export function DangerZone({
  title,
  lead,
  className,
  ...confirm
}: {
  title: string;
  lead: string;
  className?: string;
} & Pick<ComponentProps<typeof ConfirmAction>, "action" | "hidden" | "label" | "question" | "confirmLabel">) {
  return (
    <section
      className={className ? `${className} ${styles.dangerZone}` : styles.dangerZone}
      aria-labelledby="danger-zone"
    >
      <h2 id="danger-zone">{title}</h2>
      <p className="muted">{lead}</p>
      <ConfirmAction {...confirm} />
    </section>
  );
}
