"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import packStyles from "./packs.module.css";
import { saveDownload } from "./save-download";

type Outcome = { tone: "success" | "error"; message: string; at: number };

/**
 * "Export as pack" and "Export with winning attacks": GET /console/api/challenges/{id}/pack (the
 * route integrators use) with the workspace header a plain link cannot send, saved as a file.
 */
export function PackExportButtons({ workspace, challengeId }: { workspace: string; challengeId: string }) {
  const t = useTranslations("consolePages.packConvert");
  const [busy, setBusy] = useState<"plain" | "attacks" | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function download(kind: "plain" | "attacks") {
    setBusy(kind);
    setOutcome(null);
    try {
      const res = await fetch(`/console/api/challenges/${challengeId}/pack?attacks=${kind === "attacks"}`, {
        headers: { "x-workspace-id": workspace },
        credentials: "same-origin",
      });
      if (!res.ok) {
        const json = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        setOutcome({ tone: "error", message: json?.error?.message ?? t("exportFailed"), at: Date.now() });
        return;
      }
      const filename = await saveDownload(res, "pack.yaml");
      const count = Number(res.headers.get("x-pack-regression-cases") ?? "0");
      setOutcome({
        tone: "success",
        message: kind === "attacks" ? t("exportedAttacks", { filename, count }) : t("exported", { filename }),
        at: Date.now(),
      });
    } catch {
      setOutcome({ tone: "error", message: t("exportFailed"), at: Date.now() });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="stack" data-testid="pack-export">
      <div className={packStyles.buttons}>
        {(["plain", "attacks"] as const).map((kind) => (
          <Button
            key={kind}
            variant="secondary"
            onClick={() => void download(kind)}
            aria-disabled={busy !== null || undefined}
            disabled={busy !== null}
          >
            {busy === kind ? <Spinner /> : null}
            {kind === "plain" ? t("exportPack") : t("exportWithAttacks")}
          </Button>
        ))}
      </div>
      {busy ? <span role="status">{t("exporting")}</span> : null}
      {outcome ? (
        <Alert key={outcome.at} tone={outcome.tone}>
          {outcome.message}
        </Alert>
      ) : null}
    </div>
  );
}
