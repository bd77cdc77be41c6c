import { z } from "zod";

// Small pieces the contracts share: how word lists are named in messages, and JSON shapes.

export const isoTimestamp = z.string().describe("ISO 8601 timestamp");
export const jsonObject = z.record(z.string(), z.unknown());

/** "a, b or c": the allowed values of a list, as validation messages name them. */
export function oneOf(values: readonly string[]): string {
  if (values.length <= 1) return values.join("");
  return `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;
}
