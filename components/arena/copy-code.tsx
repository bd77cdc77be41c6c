"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import styles from "./arena.module.css";

// A code someone needs to hand over (a free seat's invite) without printing it in the page: a
// button copies it (the code is its tooltip too); where the clipboard is refused the code shows in
// a read-only field, selected, to copy by hand.

export function CopyCode({
  value,
  label,
  copiedLabel,
  fieldLabel,
}: {
  value: string;
  label: string;
  copiedLabel: string;
  fieldLabel: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "manual">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("manual");
    }
  };
  return (
    <>
      <Button variant="secondary" size="sm" title={value} data-code={value} onClick={copy} aria-live="polite">
        {state === "copied" ? copiedLabel : label}
      </Button>
      {state === "manual" ? (
        <input
          className={`${styles.control} ${styles.codeField}`}
          readOnly
          value={value}
          aria-label={fieldLabel}
          autoFocus
          onFocus={(e) => e.currentTarget.select()}
        />
      ) : null}
    </>
  );
}
