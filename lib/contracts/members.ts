import { z } from "zod";

// Workspace members. "owner" is never assignable: a workspace has the owner who created it, and
// that membership is protected from changes and removal.
export const ASSIGNABLE_ROLES = ["admin", "editor"] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

const roleSchema = z.enum(ASSIGNABLE_ROLES, { error: "Choose admin or editor" });

export const memberAddSchema = z.strictObject({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Enter a valid email address" }).max(254, "Email is too long")),
  role: roleSchema,
});
export type MemberAddInput = z.input<typeof memberAddSchema>;

export const memberRoleSchema = z.strictObject({ role: roleSchema });
export type MemberRoleInput = z.input<typeof memberRoleSchema>;
