"use client";

import { useState } from "react";

/**
 * Copies the command of the code block it sits in (the nearest `[data-copyable]`'s `<code>`):
 * the clipboard API where the page is a secure context, else a selection and the copy command.
 */
export function CopyButton({ label, copiedLabel, className }: { label: string; copiedLabel: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  async function copy(button: HTMLButtonElement) {
    const code = button.closest("[data-copyable]")?.querySelector("code");
    const text = code?.textContent ?? "";
    if (!code || !text) return;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const range = document.createRange();
      range.selectNodeContents(code);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      document.execCommand("copy");
    }
    setCopied(true);
  }
  return (
    <button
      type="button"
      className={className}
      onClick={(e) => void copy(e.currentTarget)}
      onBlur={() => setCopied(false)}
      aria-live="polite"
    >
      {copied ? copiedLabel : label}
    </button>
  );
}
