import type { ComponentProps } from "react";
import { ConfirmAction } from "./confirm-action";
import styles from "./console.module.css";

/** The messages of a record's danger zone, from its page's namespace. */
type DangerMessages = (
  key: "dangerTitle" | "dangerLead" | "delete" | "deleteQuestion" | "deleteConfirm",
  values?: { name: string },
) => string;

/** The foot of an editor page: a heading, what deleting means, and the confirmed delete of `record`. */
export function DangerZone({
  t,
  action,
  workspace,
  record,
  className,
}: {
  t: DangerMessages;
  action: ComponentProps<typeof ConfirmAction>["action"];
  workspace: string;
  record: { id: string; name: string };
  className?: string;
}) {
  return (
    <section
      className={className ? `${className} ${styles.dangerZone}` : styles.dangerZone}
      aria-labelledby="danger-zone"
    >
      <h2 id="danger-zone">{t("dangerTitle")}</h2>
      <p className="muted">{t("dangerLead")}</p>
      <ConfirmAction
        action={action}
        hidden={{ workspace, id: record.id }}
        label={t("delete")}
        question={t("deleteQuestion", { name: record.name })}
        confirmLabel={t("deleteConfirm")}
      />
    </section>
  );
}
