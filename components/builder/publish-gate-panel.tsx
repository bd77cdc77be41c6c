"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import fieldStyles from "@/components/ui/field.module.css";
import styles from "./builder.module.css";
import type { PublishGateHold } from "./types";

// A publish held at the calibration gate: which challenges hold it and why, a way to their
// calibration, and the explicit override — a reason, kept in the workspace's audit log.

export function PublishGatePanel({
  holds,
  busy,
  onOverride,
  onCancel,
}: {
  holds: PublishGateHold[];
  busy: boolean;
  onOverride: (reason: string) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("builder.gate");
  const id = useId();
  const [reason, setReason] = useState("");
  const trimmed = reason.trim();
  return (
    <Alert tone="warning" title={t("title")} className={styles.notice} data-testid="publish-gate">
      <ul className={styles.gateList}>
        {holds.map((h) => (
          <li key={h.challengeId}>
            <strong>{h.challengeName}</strong>: {h.failures.join("; ")}.{" "}
            <Link href={h.calibrationHref}>{t("calibrate", { name: h.challengeName })}</Link>
          </li>
        ))}
      </ul>
      <form
        className={styles.gateForm}
        onSubmit={(e) => {
          e.preventDefault();
          if (trimmed) onOverride(trimmed);
        }}
      >
        <div className={fieldStyles.field}>
          <label htmlFor={id} className={fieldStyles.label}>
            {t("reason")}
          </label>
          <p id={`${id}-hint`} className={fieldStyles.hint}>
            {t("reasonHint")}
          </p>
          <textarea
            id={id}
            aria-describedby={`${id}-hint`}
            className={fieldStyles.input}
            rows={2}
            maxLength={1000}
            required
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <div className={styles.gateActions}>
          <Button type="submit" variant="danger" size="sm" disabled={busy || !trimmed}>
            {busy ? t("overriding") : t("override")}
          </Button>
          <Button variant="ghost" size="sm" onClick={onCancel}>
            {t("cancel")}
          </Button>
        </div>
      </form>
    </Alert>
  );
}
