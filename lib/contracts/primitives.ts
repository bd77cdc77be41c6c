import { z } from "zod";

// Small pieces the contracts share: how word lists are named in messages, JSON shapes, optional
// and PATCH bodies, and the audit fields of console views.

export const isoTimestamp = z.string().describe("ISO 8601 timestamp");
export const jsonObject = z.record(z.string(), z.unknown());

/** "a, b or c": the allowed values of a list, as validation messages name them. */
export function oneOf(values: readonly string[]): string {
  if (values.length <= 1) return values.join("");
  return `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;
}

/** Every field of `shape`, optional (a create body spreads it, then overrides what it requires). */
export function optionalFields<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape).partial().shape;
}

/** A PATCH body: any subset of `shape`, at least one field given. */
export function patchSchema<S extends z.ZodRawShape>(shape: S) {
  return z
    .strictObject(shape)
    .partial()
    .refine((p) => Object.values(p).some((v) => v !== undefined), "Nothing to update")
    .meta({ minProperties: 1 });
}

/** Who created and last changed a console record, and when: the closing fields of its view. */
export const auditViewShape = {
  created_by: z.string().nullable(),
  created_at: isoTimestamp,
  updated_by: z.string().nullable(),
  updated_at: isoTimestamp,
};

export interface AuditView {
  created_by: string | null;
  created_at: string;
  updated_by: string | null;
  updated_at: string;
}

export function auditView(r: { createdBy: string | null; createdAt: Date; updatedBy: string | null; updatedAt: Date }): AuditView {
  return {
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    updated_by: r.updatedBy,
    updated_at: r.updatedAt.toISOString(),
  };
}
