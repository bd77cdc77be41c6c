"use client";

import { useTranslations } from "next-intl";
import { useDeferredValue, useState } from "react";
import { SafeMarkdown } from "@/components/markdown/markdown";
import styles from "./console.module.css";
import { TextAreaField } from "./fields";

/**
 * Markdown source beside its live preview. The preview goes through the same sanitized renderer
 * players see (no raw HTML, no script, no javascript: links).
 */
export function MarkdownEditor({
  id,
  name,
  label,
  hint,
  defaultValue,
  error,
  maxLength,
  imageHosts,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  defaultValue: string;
  error?: string[] | undefined;
  maxLength?: number;
  /** Hosts whose images the preview shows, as players will see them (MARKDOWN_IMAGE_HOSTS). */
  imageHosts?: readonly string[];
}) {
  const t = useTranslations("consolePages.markdown");
  const [text, setText] = useState(defaultValue);
  const preview = useDeferredValue(text);
  return (
    <div className={styles.split}>
      <TextAreaField
        id={id}
        name={name}
        label={label}
        hint={hint}
        rows={14}
        mono
        maxLength={maxLength}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={error}
      />
      <section aria-label={t("previewLabel")} className="stack">
        <p className={styles.previewTitle} aria-hidden="true">
          {t("previewLabel")}
        </p>
        <div className={styles.preview} data-testid={`${id}-preview`}>
          {preview.trim() === "" ? <p className="muted">{t("empty")}</p> : <SafeMarkdown imageHosts={imageHosts}>{preview}</SafeMarkdown>}
        </div>
      </section>
    </div>
  );
}
