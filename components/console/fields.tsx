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

type ControlAria = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/**
 * The field frame: label, hint and errors above the control `control` draws with their wiring
 * (`aria`: the id and ARIA attributes) and the field's other props (`rest`).
 */
function LabelledControl<P extends Messages & { className?: string | undefined }>({
  props: { id, label, hint, error, className, ...rest },
  control,
}: {
  props: P;
  control: (aria: ControlAria, rest: Omit<P, keyof Messages | "className">) => ReactNode;
}) {
  const m = useMessages({ id, label, hint, error });
  return (
    <div className={[fieldStyles.field, className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <FieldText id={id} hint={hint} {...m} />
      {control({ id, "aria-invalid": m.errorId ? true : undefined, "aria-describedby": m.describedBy }, rest)}
    </div>
  );
}

export type TextAreaFieldProps = Omit<ComponentPropsWithRef<"textarea">, "id"> &
  Messages & { mono?: boolean };

export function TextAreaField({ mono, ...props }: TextAreaFieldProps) {
  return (
    <LabelledControl
      props={props}
      control={(aria, rest) => (
        <textarea
          {...aria}
          className={[fieldStyles.input, styles.textarea, mono ? styles.mono : undefined]
            .filter(Boolean)
            .join(" ")}
          {...rest}
        />
      )}
    />
  );
}

export type SelectFieldProps = Omit<ComponentPropsWithRef<"select">, "id"> &
  Messages & { options: readonly { value: string; label: string }[] };

export function SelectField({ options, ...props }: SelectFieldProps) {
  return (
    <LabelledControl
      props={props}
      control={(aria, rest) => (
        <select {...aria} className={fieldStyles.input} {...rest}>
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
