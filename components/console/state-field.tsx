import { Field, type FieldProps } from "@/components/ui/field";
import type { FormState } from "@/lib/contracts/forms/state";

type Props = Omit<FieldProps, "name" | "error" | "defaultValue"> & {
  state: FormState;
  name: string;
  /** The value before any submit (and after one that left the field out). */
  initial?: string;
};

/** A Field wired to its form's action state: the field's errors, and its value refilled after an error. */
export function StateField({ state, name, initial, ...props }: Props) {
  return <Field name={name} error={state.fieldErrors?.[name]} defaultValue={state.values?.[name] ?? initial} {...props} />;
}

/** A whole-number StateField from `min` to `max`. */
export function NumberStateField({ min, max, ...props }: Props & { min: number; max: number }) {
  return <StateField type="number" min={min} max={max} inputMode="numeric" {...props} />;
}

/** The name field of the create forms that take a display name of up to 80 characters. */
export function NameStateField(props: Omit<Props, "name">) {
  return <StateField name="name" required maxLength={80} {...props} />;
}
