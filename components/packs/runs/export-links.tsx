"use client";

import { useTranslations } from "next-intl";
import { saveDownload } from "../save-download";
import { useState, type MouseEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { buttonClassName } from "@/components/ui/button";
import { consoleRequest, errorText } from "./api";
import runStyles from "./runs.module.css";

const FORMATS = [
  { format: "json", label: "downloadJson" },
  { format: "csv", label: "downloadCsv" },
] as const;

/**
 * Download links for a run's export. A click fetches it with the workspace header (a member of
 * several workspaces would otherwise be answered for their first) and saves the file; without
 * JavaScript the plain link still works for the first workspace.
 */
export function ExportLinks({ workspace, runId }: { workspace: string; runId: string }) {
  const t = useTranslations("consolePages.packRuns");
  const [error, setError] = useState<string | null>(null);

  async function download(event: MouseEvent<HTMLAnchorElement>, href: string, fallbackName: string) {
    event.preventDefault();
    setError(null);
    try {
      await saveDownload(await consoleRequest(href, workspace), fallbackName);
    } catch (err) {
      setError(errorText(err));
    }
  }

  return (
    <div className="stack">
      <div className={runStyles.buttons}>
        {FORMATS.map(({ format, label }) => {
          const href = `/console/api/pack-runs/${encodeURIComponent(runId)}/export?format=${format}`;
          const fallbackName = `pack-run-${runId}.${format}`;
          return (
            <a
              key={format}
              href={href}
              download={fallbackName}
              className={buttonClassName({ variant: "secondary", size: "sm" })}
              onClick={(e) => void download(e, href, fallbackName)}
            >
              {t(label)}
            </a>
          );
        })}
      </div>
      {error ? <Alert tone="error">{t("downloadFailed", { reason: error })}</Alert> : null}
    </div>
  );
}
