import { useTranslations } from "next-intl";
import type { ComponentPropsWithRef, ReactNode } from "react";
import fieldStyles from "@/components/ui/field.module.css";
import styles from "./console.module.css";

// Labelled textarea, select and checkbox with the same look and error wiring as ui/Field.

type Messages = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | readonly string[] | undefined;
};

function useMessages({ id, hint, error }: Messages) {
  const errors = (typeof error === "string" ? [error] : (error ?? [])).filter((m) => m.length > 0);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  return { errors, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(" ") || undefined };
}

function FieldText({
  id,
  hint,
  errors,
  hintId,
  errorId,
}: {
  id: string;
  hint?: ReactNode;
  errors: string[];
  hintId?: string | undefined;
  errorId?: string | undefined;
}) {
  const t = useTranslations("form");
  return (
    <>
      {hint ? (
        <p id={hintId ?? `${id}-hint`} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
      {errorId ? (
        <p id={errorId} className={fieldStyles.error}>
          <span className="visually-hidden">{t("errorPrefix")} </span>
          {errors.join(" ")}
        </p>
      ) : null}
    </>
  );
}

type ControlAria = { "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/** The field frame: label, hint and errors above the control `control` draws with their wiring. */
function LabelledControl({
  className,
  control,
  ...messages
}: Messages & { className?: string | undefined; control: (aria: ControlAria) => ReactNode }) {
  const m = useMessages(messages);
  return (
    <div className={[fieldStyles.field, className].filter(Boolean).join(" ")}>
      <label htmlFor={messages.id} className={fieldStyles.label}>
        {messages.label}
      </label>
      <FieldText id={messages.id} hint={messages.hint} {...m} />
      {control({ "aria-invalid": m.errorId ? true : undefined, "aria-describedby": m.describedBy })}
    </div>
  );
}

export type TextAreaFieldProps = Omit<ComponentPropsWithRef<"textarea">, "id"> &
  Messages & { mono?: boolean };

export function TextAreaField({ id, label, hint, error, mono, className, ...props }: TextAreaFieldProps) {
  return (
    <LabelledControl
      id={id}
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(aria) => (
        <textarea
          id={id}
          {...aria}
          className={[fieldStyles.input, styles.textarea, mono ? styles.mono : undefined]
            .filter(Boolean)
            .join(" ")}
          {...props}
        />
      )}
    />
  );
}

export type SelectFieldProps = Omit<ComponentPropsWithRef<"select">, "id"> &
  Messages & { options: readonly { value: string; label: string }[] };

export function SelectField({ id, label, hint, error, options, className, ...props }: SelectFieldProps) {
  return (
    <LabelledControl
      id={id}
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(aria) => (
        <select id={id} {...aria} className={fieldStyles.input} {...props}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export type CheckboxFieldProps = Omit<ComponentPropsWithRef<"input">, "id" | "type"> & Messages;

export function CheckboxField({ id, label, hint, error, className, ...props }: CheckboxFieldProps) {
  const m = useMessages({ id, label, hint, error });
  return (
    <div className={[styles.checkbox, className].filter(Boolean).join(" ")}>
      <input id={id} type="checkbox" aria-describedby={m.describedBy} {...props} />
      <div>
        <label htmlFor={id} className={fieldStyles.label}>
          {label}
        </label>
        <FieldText id={id} hint={hint} {...m} />
      </div>
    </div>
  );
}
