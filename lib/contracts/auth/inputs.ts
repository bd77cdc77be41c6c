import { z } from "zod";
import { displayNameSchema } from "@/lib/contracts/names";

// Client-safe input schemas shared by server actions, route handlers and (later) the OpenAPI
// document.
export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .min(3, "Enter a valid email address")
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Enter a valid email address" }));

export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(10, "Use at least 10 characters")
  .max(200, "Password is too long (200 characters at most)");

/** The name given at registration is the player's display name (lib/contracts/names.ts). */
export const nameSchema = displayNameSchema;

export const codeSchema = z
  .string({ error: "Code is required" })
  .trim()
  .regex(/^\d{6}$/, "The code is 6 digits");

/**
 * An event code from an invite link (/register?event=CODE): letters and digits, case and dashes
 * ignored. With a valid one, the per-address limits are counted per code instead.
 */
export const eventCodeSchema = z
  .string({ error: "event must be a string" })
  .trim()
  .max(64, "The event code is too long")
  .transform((v) => v.toUpperCase().replace(/-/g, ""))
  .pipe(z.string().regex(/^[A-Z0-9]{4,40}$/, "The event code is letters and digits"));

const optionalEventCode = eventCodeSchema.optional().describe("An event code from an organiser's invite link");

export const loginInputSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password is too long"),
  event: optionalEventCode,
});

export const registerInputSchema = z
  .object({
    email: emailSchema,
    name: nameSchema,
    password: passwordSchema.optional(),
    code: codeSchema.optional(),
    event: optionalEventCode,
  })
  .refine((v) => (v.password === undefined) !== (v.code === undefined), {
    message: "Give either a password or an email code",
    path: ["password"],
  });

export const emailCodeSendSchema = z.object({
  email: emailSchema,
  purpose: z.enum(["login", "register"]).default("login"),
  event: optionalEventCode,
});

/** POST /web/api/password: the current password and the new one. */
export const passwordChangeSchema = z.strictObject({
  current_password: z
    .string({ error: "current_password is required" })
    .min(1, "current_password is required")
    .max(200, "Password is too long"),
  new_password: passwordSchema,
});

export const emailCodeVerifySchema = z.object({ email: emailSchema, code: codeSchema, event: optionalEventCode });

export type RegisterInput = z.infer<typeof registerInputSchema>;
