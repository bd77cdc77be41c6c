"use client";

import type { ReactNode } from "react";
import styles from "./builder.module.css";

// Small controlled inputs for the config panel. Each shows the schema's messages for its path
// ("path: message") under the input, wired with aria-describedby.

export interface BaseProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  errors?: readonly string[];
}

export function Messages({ id, hint, errors }: { id: string; hint?: ReactNode; errors?: readonly string[] }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className={styles.fieldHint}>
          {hint}
        </p>
      ) : null}
      {errors && errors.length > 0 ? (
        <ul id={`${id}-error`} className={styles.fieldError} data-testid="field-error">
          {errors.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** Messages that belong to no single input (a list's, or the node's own). */
export function IssueList({ messages }: { messages?: readonly string[] | undefined }) {
  return messages?.length ? (
    <ul className={styles.fieldError}>
      {messages.map((m, i) => (
        <li key={i}>{m}</li>
      ))}
    </ul>
  ) : null;
}

export const describedBy = (id: string, hint: unknown, errors?: readonly string[]) =>
  [hint ? `${id}-hint` : null, errors && errors.length > 0 ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ") || undefined;

/** A control's aria attributes: invalid while it has errors, described by its hint and errors. */
export const fieldAria = (id: string, hint: unknown, errors?: readonly string[]) => ({
  "aria-invalid": errors && errors.length > 0 ? (true as const) : undefined,
  "aria-describedby": describedBy(id, hint, errors),
});

/** The frame every panel field shares: its label, the control, then the hint and the errors. */
export function FieldFrame({
  id,
  label,
  hint,
  errors,
  className,
  children,
}: BaseProps & { className?: string; children: ReactNode }) {
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      <Messages id={id} hint={hint} errors={errors} />
    </div>
  );
}

export function TextField({
  value,
  onChange,
  multiline,
  rows = 4,
  list,
  placeholder,
  ...frame
}: BaseProps & {
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  rows?: number;
  list?: string;
  placeholder?: string;
}) {
  const { id, hint, errors } = frame;
  const common = {
    id,
    value,
    placeholder,
    className: styles.input,
    ...fieldAria(id, hint, errors),
  };
  return (
    <FieldFrame {...frame}>
      {multiline ? (
        <textarea {...common} rows={rows} spellCheck={false} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type="text" list={list} onChange={(e) => onChange(e.target.value)} />
      )}
    </FieldFrame>
  );
}

/** A number input; empty means "unset" (the schema's default applies). */
export function NumberField({
  value,
  onChange,
  step,
  min,
  max,
  ...frame
}: BaseProps & {
  value: unknown;
  onChange: (value: number | undefined) => void;
  step?: number;
  min?: number;
  max?: number;
}) {
  const { id, hint, errors } = frame;
  return (
    <FieldFrame {...frame}>
      <input
        id={id}
        type="number"
        className={styles.input}
        value={typeof value === "number" ? value : ""}
        step={step}
        min={min}
        max={max}
        {...fieldAria(id, hint, errors)}
        onChange={(e) => {
          const raw = e.target.value;
          onChange(raw === "" || Number.isNaN(e.target.valueAsNumber) ? undefined : e.target.valueAsNumber);
        }}
      />
    </FieldFrame>
  );
}

export function CheckboxField({
  id,
  label,
  hint,
  errors,
  checked,
  onChange,
}: BaseProps & { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.checkbox}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-describedby={describedBy(id, hint, errors)}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
      </label>
      <Messages id={id} hint={hint} errors={errors} />
    </div>
  );
}

/** A labelled select around the caller's options (plain or grouped), with the shared messages. */
export function SelectBox({
  value,
  onChange,
  children,
  ...frame
}: BaseProps & { value: string; onChange: (value: string) => void; children: ReactNode }) {
  const { id, hint, errors } = frame;
  return (
    <FieldFrame {...frame}>
      <select
        id={id}
        className={styles.input}
        value={value}
        {...fieldAria(id, hint, errors)}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

export function SelectField<V extends string>({
  value,
  options,
  onChange,
  ...rest
}: BaseProps & {
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <SelectBox {...rest} value={value} onChange={(v) => onChange(v as V)}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectBox>
  );
}
