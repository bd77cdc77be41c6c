import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { isoTimestamp } from "@/lib/contracts/primitives";
import { eventCodeCreateSchema, idParams } from "@/lib/validation/console";

// /console/api/event-codes: invites that let a room register (counted per code, not per address).

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

/** An event code as the console API returns it (snake_case). */
export function eventCodeJson(c: {
  id: string;
  name: string;
  code: string;
  maxUses: number;
  uses: number;
  expiresAt: Date;
  revokedAt: Date | null;
  createdAt: Date;
}): EventCodeJson {
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
