// Small helpers shared by the bundle validators.
import { isObject, text } from "../normalize";
import type { Json, JsonObject, PackError } from "../types";

export { isObject, text };

/** Collects errors in emission order. */
export class Errors {
  readonly list: PackError[] = [];

  add(field: string, message: string): void {
    this.list.push({ field, message });
  }

  addAll(errors: PackError[]): void {
    this.list.push(...errors);
  }
}

/** The objects of a list field (anything else counts as empty). */
export function objectsOf(value: Json | undefined): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** A present, non-null block (a Go pointer that is not nil). */
export function present(value: Json | undefined): value is JsonObject {
  return isObject(value);
}

/** A number field, 0 when missing (Go's zero value). */
export function num(value: Json | undefined): number {
  return typeof value === "number" ? value : 0;
}

export const ENV_VAR_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
