"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

export interface UploadedAsset {
  id: string;
  url: string;
  mime_type: string;
  filename: string;
}

/**
 * Uploads one file to POST /console/api/assets (the same route integrators use) and reports the
 * stored asset with its signed, expiring URL. The server checks type and size from the bytes.
 */
export function AssetUpload({
  workspace,
  accept,
  label,
  onUploaded,
}: {
  workspace: string;
  accept: string;
  label: string;
  onUploaded: (asset: UploadedAsset) => void;
}) {
  const t = useTranslations("consolePages.upload");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File) {
    setBusy(true);
    setError(null);
    try {
      const body = new FormData();
      body.append("file", file);
      const res = await fetch("/console/api/assets", {
        method: "POST",
        body,
        headers: { "x-workspace-id": workspace },
        credentials: "same-origin",
      });
      const json = (await res.json().catch(() => null)) as { asset?: UploadedAsset; error?: { message?: string } } | null;
      if (!res.ok || !json?.asset) {
        setError(json?.error?.message ?? t("failed"));
        return;
      }
      onUploaded(json.asset);
    } catch {
      setError(t("failed"));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div className="stack">
      <div className="cluster">
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()} aria-disabled={busy || undefined}>
          {busy ? <Spinner /> : null}
          {label}
        </Button>
        {busy ? <span role="status">{t("uploading")}</span> : null}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
