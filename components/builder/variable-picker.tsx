"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { WorkflowGraph } from "@/lib/workflow/types";
import { useDescribeVariable } from "./template-input";
import { insertAt, templateVariables, type TemplateVariable } from "./variables";
import styles from "./builder.module.css";
import panels from "./panels.module.css";

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
  const describe = useDescribeVariable();
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

  return (
    <div
      className={panels.picker}
      role="group"
      aria-label={t("label")}
      data-testid="variable-picker"
      data-field={fieldId}
    >
      <span className={panels.pickerLabel} aria-hidden="true">
        {t("label")}
      </span>
      <ul className={panels.pickerList}>
        {variables.map((v) => (
          <li key={v.ref}>
            <button
              type="button"
              className={panels.pickerButton}
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
