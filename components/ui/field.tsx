import { useTranslations } from "next-intl";
import type { ComponentPropsWithRef, ReactNode } from "react";
import styles from "./field.module.css";

export type InputProps = ComponentPropsWithRef<"input">;

/** A bare text input with the shared look. Prefer Field, which adds the label and messages. */
export function Input({ className, ...props }: InputProps) {
  return <input className={[styles.input, className].filter(Boolean).join(" ")} {...props} />;
}

export type FieldProps = Omit<InputProps, "id"> & {
  /** Required: the label, hint and error are wired to the input through it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Server-side validation messages, shown under the input and announced with it. */
  error?: string | readonly string[] | undefined;
};

export function Field({
  id,
  label,
  hint,
  error,
  className,
  "aria-describedby": describedBy,
  ...inputProps
}: FieldProps) {
  const t = useTranslations("form");
  const errors = (typeof error === "string" ? [error] : (error ?? [])).filter(
    (message) => message.length > 0,
  );
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  const describedByIds = [describedBy, hintId, errorId].filter(Boolean).join(" ") || undefined;

  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {errorId ? (
        <p id={errorId} className={styles.error}>
          <span className="visually-hidden">{t("errorPrefix")} </span>
          {errors.join(" ")}
        </p>
      ) : null}
      <Input
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedByIds}
        {...inputProps}
      />
    </div>
  );
}
