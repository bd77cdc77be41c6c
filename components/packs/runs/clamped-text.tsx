"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import runStyles from "./runs.module.css";

/** Longest untrusted text shown before "Show more" (characters). */
export const CLAMP_CHARS = 600;

/**
 * Untrusted text (a model's output, a prompt) as plain text — a React text node, never HTML —
 * cut at CLAMP_CHARS until the reader asks for the rest.
 */
export function ClampedText({ text, testId }: { text: string; testId?: string }) {
  const t = useTranslations("consolePages.packRuns");
  const [open, setOpen] = useState(false);
  const long = text.length > CLAMP_CHARS;
  const shown = long && !open ? `${text.slice(0, CLAMP_CHARS)}…` : text;
  return (
    <>
      <pre className={runStyles.text} data-testid={testId}>
        {shown}
      </pre>
      {long ? (
        <button
          type="button"
          className={runStyles.linkButton}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? t("showLess") : t("showMore", { count: text.length - CLAMP_CHARS })}
        </button>
      ) : null}
    </>
  );
}
