import { Alert } from "@/components/ui/alert";
import { Field, type FieldProps } from "@/components/ui/field";
import type { FormState } from "@/lib/contracts/forms/state";

/** An auth form's opening: the action's error, then where to go next and the event code, hidden. */
export function AuthFormHead({ state, next, event }: { state: FormState; next?: string; event?: string | undefined }) {
  return (
    <>
      {state.status === "error" && state.message ? <Alert tone="error">{state.message}</Alert> : null}
      {next === undefined ? null : <input type="hidden" name="next" value={next} />}
      {event ? <input type="hidden" name="event" value={event} /> : null}
    </>
  );
}

/** The email field of the auth forms, controlled so the address survives React's form reset. */
export function EmailField({
  value,
  onValueChange,
  ...props
}: Omit<FieldProps, "name" | "type" | "value" | "onChange"> & { value: string; onValueChange: (value: string) => void }) {
  return (
    <Field
      name="email"
      type="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      {...props}
    />
  );
}
