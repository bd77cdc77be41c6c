"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import styles from "./console.module.css";

/** A webhook signing secret, shown once (after create or rotate), with a copy button. */
export function SecretReveal({ secret, title }: { secret: string; title: string }) {
  const t = useTranslations("consolePages.webhooks");
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <Alert tone="success" title={title}>
      <div className={styles.tokenReveal}>
        <p>{t("secretOnce")}</p>
        <output aria-label={t("secretLabel")} className={styles.tokenValue} data-testid="webhook-secret">
          {secret}
        </output>
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(secret))}
          >
            {copied === secret ? t("copied") : t("copy")}
          </Button>
        </div>
      </div>
    </Alert>
  );
}
