"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { saveDownload } from "@/components/packs/save-download";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/**
 * "Export CSV" / "Export JSON": GET /console/api/challenges/{id}/attempts/export with the
 * workspace header a plain link cannot send, saved as a file.
 */
export function AttemptExportButtons({ workspace, challengeId }: { workspace: string; challengeId: string }) {
  const t = useTranslations("consolePages.challengeWizard");
  const tc = useTranslations("consolePages.common");
  const [busy, setBusy] = useState<"csv" | "json" | null>(null);
  const [failed, setFailed] = useState<{ message: string; at: number } | null>(null);

  async function download(format: "csv" | "json") {
    setBusy(format);
    setFailed(null);
    try {
      const res = await fetch(`/console/api/challenges/${challengeId}/attempts/export?format=${format}`, {
        headers: { "x-workspace-id": workspace },
        credentials: "same-origin",
      });
      if (!res.ok) {
        const json = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        setFailed({ message: json?.error?.message ?? tc("genericError"), at: Date.now() });
        return;
      }
      await saveDownload(res, `attempts.${format}`);
    } catch {
      setFailed({ message: tc("genericError"), at: Date.now() });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="stack" data-testid="attempt-export">
      <div className="cluster">
        {(["csv", "json"] as const).map((format) => (
          <Button
            key={format}
            variant="secondary"
            size="sm"
            disabled={busy !== null}
            onClick={() => void download(format)}
          >
            {busy === format ? <Spinner /> : null}
            {format === "csv" ? t("exportCsv") : t("exportJson")}
          </Button>
        ))}
        <span className="muted">{t("exportLead")}</span>
      </div>
      {failed ? (
        <Alert key={failed.at} tone="error">
          {failed.message}
        </Alert>
      ) : null}
    </div>
  );
}
