import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { isoTimestamp } from "@/lib/contracts/primitives";
import { idParams } from "@/lib/contracts/params";

// /console/api/secrets: named workspace secrets (values are write-only).

export const secretSetSchema = z.strictObject({
  name: z
    .string({ error: "name is required" })
    .trim()
    .regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/, "Use letters, digits, _ . - (64 at most), starting with a letter or _"),
  value: z.string({ error: "value is required" }).min(1, "value is required").max(4096, "value is too long"),
});

export const secretView = z.object({ id: z.string(), name: z.string(), created_at: isoTimestamp, updated_at: isoTimestamp });

/** A secret as the console API returns it (snake_case; never the value). */
export function secretJson(s: { id: string; name: string; createdAt: Date; updatedAt: Date }): z.infer<typeof secretView> {
  return { id: s.id, name: s.name, created_at: s.createdAt.toISOString(), updated_at: s.updatedAt.toISOString() };
}

export const secretOperations = {
  list: operation({
    auth: "workspace",
    doc: { summary: "List secret names", response: z.object({ data: z.array(secretView) }) },
  }),
  set: operation({
    auth: "workspace",
    body: secretSetSchema,
    doc: {
      summary: "Set or replace a secret (the value is write-only)",
      status: 201,
      response: z.object({ secret: secretView }),
    },
  }),
  remove: operation({
    auth: "workspace",
    params: idParams,
    doc: { summary: "Delete a secret", status: 204 },
  }),
};
