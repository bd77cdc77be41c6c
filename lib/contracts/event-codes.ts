import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { isoTimestamp } from "@/lib/contracts/primitives";
import { idParams } from "@/lib/contracts/params";

// /console/api/event-codes: invites that let a room register (counted per code, not per address).

/** POST /console/api/event-codes: an invite for a room (registrations counted per code). */
export const eventCodeCreateSchema = z.strictObject({
  name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(80, "name is too long"),
  /** Registrations the code lets in; its own cap, so a code is never an unlimited bypass. */
  max_uses: z.number({ error: "max_uses is required" }).int("max_uses is a whole number").min(1, "max_uses is at least 1").max(100_000, "max_uses is at most 100000"),
  /** When the code stops working: hours from now (at most 90 days). */
  expires_in_hours: z.number({ error: "expires_in_hours is required" }).int().min(1, "expires_in_hours is at least 1").max(24 * 90, "expires_in_hours is at most 2160 (90 days)"),
});

export const eventCodeView = z.object({
  id: z.string(),
  name: z.string(),
  /** The code people type or get in the invite link. */
  code: z.string(),
  /** The invite link's path: /register?event=CODE. */
  invite_path: z.string(),
  max_uses: z.number().int(),
  uses: z.number().int(),
  expires_at: isoTimestamp,
  revoked_at: isoTimestamp.nullable(),
  created_at: isoTimestamp,
});
export type EventCodeJson = z.infer<typeof eventCodeView>;

export function eventInvitePath(code: string): string {
  return `/register?${new URLSearchParams({ event: code }).toString()}`;
}

/** An event code as the services read it. */
export interface EventCodeView {
  id: string;
  name: string;
  code: string;
  maxUses: number;
  uses: number;
  expiresAt: Date;
  revokedAt: Date | null;
  createdAt: Date;
}

/** An event code as the console API returns it (snake_case). */
export function eventCodeJson(c: EventCodeView): EventCodeJson {
  return {
    id: c.id,
    name: c.name,
    code: c.code,
    invite_path: eventInvitePath(c.code),
    max_uses: c.maxUses,
    uses: c.uses,
    expires_at: c.expiresAt.toISOString(),
    revoked_at: c.revokedAt?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
  };
}

export const eventCodeOperations = {
  list: operation({
    auth: "workspace",
    doc: {
      summary: "List the workspace's event codes and their uses",
      response: z.object({ data: z.array(eventCodeView) }),
    },
  }),
  create: operation({
    auth: "workspace",
    roles: ["owner", "admin"],
    body: eventCodeCreateSchema,
    doc: {
      summary:
        "Create an event code: registrations with its invite link are counted per code (up to max_uses), not per address",
      status: 201,
      response: z.object({ event_code: eventCodeView }),
    },
  }),
  revoke: operation({
    auth: "workspace",
    roles: ["owner", "admin"],
    params: idParams,
    doc: {
      summary: "Withdraw an event code (registrations with it are refused from now on)",
      response: z.object({ event_code: eventCodeView }),
    },
  }),
};
