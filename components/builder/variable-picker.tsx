"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { WorkflowGraph } from "@/lib/workflow/types";
import { insertAt, templateVariables, type TemplateVariable } from "./variables";
import styles from "./builder.module.css";

/**
 * Under a template field: the references this node may use (its connected inputs, upstream nodes'
 * real outputs, the challenge's secret), each a button that inserts it at the caret of the field.
 */
export function VariablePicker({
  graph,
  nodeId,
  fieldId,
  value,
  onChange,
}: {
  graph: WorkflowGraph;
  nodeId: string;
  /** The id of the field's textarea or input, to insert at its caret. */
  fieldId: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useTranslations("builder.picker");
  const variables = useMemo(() => templateVariables(graph, nodeId), [graph, nodeId]);

  function insert(v: TemplateVariable) {
    const el = document.getElementById(fieldId) as HTMLTextAreaElement | HTMLInputElement | null;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? start;
    const next = insertAt(value, v.ref, start, end);
    onChange(next.value);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  }

  const describe = (v: TemplateVariable) =>
    v.kind === "secret"
      ? t("secret")
      : v.kind === "input"
        ? t("input", { port: v.port ?? "", type: v.type ?? "" })
        : t("output", { node: v.nodeId ?? "", port: v.port ?? "", type: v.type ?? "" });

  return (
    <div className={styles.picker} role="group" aria-label={t("label")} data-testid="variable-picker" data-field={fieldId}>
      <span className={styles.pickerLabel} aria-hidden="true">
        {t("label")}
      </span>
      <ul className={styles.pickerList}>
        {variables.map((v) => (
          <li key={v.ref}>
            <button
              type="button"
              className={styles.pickerButton}
              title={describe(v)}
              aria-label={t("insert", { ref: v.ref, what: describe(v) })}
              data-ref={v.ref}
              onClick={() => insert(v)}
            >
              <code>{v.ref}</code>
            </button>
          </li>
        ))}
      </ul>
      {variables.length === 1 ? <p className={styles.fieldHint}>{t("connectFirst")}</p> : null}
    </div>
  );
}
