import { z } from "zod";
import { TOKEN_SCOPES } from "@/lib/contracts/operation";
import { visibleName } from "@/lib/validation/names";

export const idParams = z.object({ id: z.uuid({ error: "Not a valid id" }) });

export const apiTokenCreateSchema = z.strictObject({
  name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(80, "name is too long"),
  expires_in_days: z.number().int().min(1).max(3650).optional(),
  /** console (the console API, the default) and/or play (the player API as the token's creator). */
  scopes: z
    .array(z.enum(TOKEN_SCOPES))
    .min(1, "choose at least one scope")
    .max(2)
    .optional(),
});

/** POST /console/api/event-codes: an invite for a room (registrations counted per code). */
export const eventCodeCreateSchema = z.strictObject({
  name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(80, "name is too long"),
  /** Registrations the code lets in; its own cap, so a code is never an unlimited bypass. */
  max_uses: z.number({ error: "max_uses is required" }).int("max_uses is a whole number").min(1, "max_uses is at least 1").max(100_000, "max_uses is at most 100000"),
  /** When the code stops working: hours from now (at most 90 days). */
  expires_in_hours: z.number({ error: "expires_in_hours is required" }).int().min(1, "expires_in_hours is at least 1").max(24 * 90, "expires_in_hours is at most 2160 (90 days)"),
});

export const secretSetSchema = z.strictObject({
  name: z
    .string({ error: "name is required" })
    .trim()
    .regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/, "Use letters, digits, _ . - (64 at most), starting with a letter or _"),
  value: z.string({ error: "value is required" }).min(1, "value is required").max(4096, "value is too long"),
});

export const providerCreateSchema = z.strictObject({
  name: z.string({ error: "name is required" }).trim().min(1).max(60),
  kind: z.enum(["openai", "openai-compatible"]),
  base_url: z.url({ protocol: /^https?$/, error: "base_url must be an http(s) URL" }).max(500).optional(),
  api_key: z.string().min(1).max(500).optional(),
  models: z.array(z.string().trim().min(1).max(120)).min(1, "List at least one model").max(50),
  is_default: z.boolean().optional(),
});

export const workspaceCreateSchema = z.strictObject({
  name: visibleName({ label: "Name", min: 2, max: 60, minMessage: "Use at least 2 characters" }),
});
