// Helpers for the fixed word lists the contracts share with forms and validation messages.

/** "a, b or c": the allowed values of a list, as validation messages name them. */
export function oneOf(values: readonly string[]): string {
  if (values.length <= 1) return values.join("");
  return `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;
}
