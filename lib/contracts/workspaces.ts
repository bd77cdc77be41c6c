import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { isoTimestamp } from "@/lib/contracts/primitives";
import { ROLES } from "@/lib/contracts/roles";
import { visibleName } from "@/lib/contracts/names";

export { ROLES, type Role } from "@/lib/contracts/roles";

// /console/api/workspace: the caller's workspace and role.

export const currentWorkspaceResponse = z.object({
  workspace: z.object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    created_at: isoTimestamp,
    /** `pending`: its public listings are reachable by link, listed once an instance administrator approves. */
    listing_approval: z.enum(["pending", "approved"]),
  }),
  role: z.enum(ROLES),
  /** How the caller authenticated: a session cookie, a player access token, or a workspace API token. */
  via: z.enum(["cookie", "bearer", "api-token"]),
});

export const createdWorkspaceResponse = z.object({
  workspace: z.object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    role: z.enum(ROLES),
    /** `pending`: its public listings wait for an instance administrator (LISTING_APPROVAL). */
    listing_approval: z.enum(["pending", "approved"]),
  }),
});

export const workspaceCreateSchema = z.strictObject({
  name: visibleName({ label: "Name", min: 2, max: 60, minMessage: "Use at least 2 characters" }),
});

export const workspaceOperations = {
  current: operation({
    auth: "workspace",
    doc: { summary: "The caller's workspace and role", response: currentWorkspaceResponse },
  }),
  // An account-level operation: a signed-in session only (an API token belongs to a workspace).
  create: operation({
    auth: "user",
    scope: "session",
    body: workspaceCreateSchema,
    doc: {
      summary: "Create a workspace with the caller as its owner (a signed-in session; API tokens are refused)",
      status: 201,
      response: createdWorkspaceResponse,
    },
  }),
};
