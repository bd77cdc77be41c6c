"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { FieldFrame, fieldAria, type BaseProps } from "./fields";
import { completeAt, filterVariables, templateTrigger, type TemplateVariable } from "./variables";
import styles from "./builder.module.css";
import panels from "./panels.module.css";

/** How the picker describes a variable (its button title, its suggestion line). */
export function useDescribeVariable() {
  const t = useTranslations("builder.picker");
  return (v: TemplateVariable) =>
    v.kind === "secret"
      ? t("secret")
      : v.kind === "input"
        ? t("input", { port: v.port ?? "", type: v.type ?? "" })
        : t("output", { node: v.nodeId ?? "", port: v.port ?? "", type: v.type ?? "" });
}

/**
 * A template text field (textarea, or one line) that suggests the node's variables as soon as the
 * creator types `{{`: arrows move, Enter or Tab insert, Escape closes; typing more narrows the list.
 */
export function TemplateInput({
  value,
  onChange,
  variables,
  multiline = true,
  rows = 4,
  ...frame
}: BaseProps & {
  value: string;
  onChange: (value: string) => void;
  variables: readonly TemplateVariable[];
  multiline?: boolean;
  rows?: number;
}) {
  const { id, hint, errors } = frame;
  const t = useTranslations("builder.picker");
  const describe = useDescribeVariable();
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const [trigger, setTrigger] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const matches = trigger ? filterVariables(variables, trigger.query) : [];
  const open = matches.length > 0;
  const activeIndex = Math.min(active, Math.max(0, matches.length - 1));

  const follow = (el: HTMLTextAreaElement | HTMLInputElement) => {
    setTrigger(templateTrigger(el.value, el.selectionStart ?? el.value.length));
    setActive(0);
  };
  function choose(v: TemplateVariable) {
    const el = ref.current;
    if (!trigger) return;
    const next = completeAt(value, v.ref, trigger.start, el?.selectionStart ?? value.length);
    onChange(next.value);
    setTrigger(null);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  }
  function onKeyDown(e: KeyboardEvent) {
    if (!open) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((activeIndex + step + matches.length) % matches.length);
    } else if (e.key === "Enter" || e.key === "Tab") {
      e.preventDefault();
      const chosen = matches[activeIndex];
      if (chosen) choose(chosen);
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      setTrigger(null);
    }
  }

  const optionId = (i: number) => `${listId}-${i}`;
  const common = {
    id,
    ref,
    value,
    className: styles.input,
    role: "combobox",
    "aria-autocomplete": "list" as const,
    "aria-expanded": open,
    "aria-controls": open ? listId : undefined,
    "aria-activedescendant": open ? optionId(activeIndex) : undefined,
    ...fieldAria(id, hint, errors),
    spellCheck: false,
    onKeyDown,
    onBlur: () => setTrigger(null),
    onClick: (e: { currentTarget: HTMLTextAreaElement | HTMLInputElement }) => follow(e.currentTarget),
    onChange: (e: { target: HTMLTextAreaElement | HTMLInputElement }) => {
      onChange(e.target.value);
      follow(e.target);
    },
  };
  return (
    <FieldFrame {...frame} className={panels.suggestHost}>
      {multiline ? <textarea {...common} rows={rows} /> : <input {...common} type="text" />}
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={t("suggestions")}
          className={panels.suggest}
          data-testid="variable-suggestions"
        >
          {matches.map((v, i) => (
            <li
              key={v.ref}
              id={optionId(i)}
              role="option"
              aria-selected={i === activeIndex}
              className={panels.suggestOption}
              data-ref={v.ref}
              // Keep the focus (and the caret) in the field.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(v)}
            >
              <code>{v.ref}</code>
              <span className={panels.suggestWhat}>{describe(v)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </FieldFrame>
  );
}
