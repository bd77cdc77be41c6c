import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { isoTimestamp } from "@/lib/contracts/primitives";

export const ROLES = ["owner", "admin", "editor"] as const;
export type Role = (typeof ROLES)[number];

// /console/api/workspace: the caller's workspace and role.

export const currentWorkspaceResponse = z.object({
  workspace: z.object({ id: z.string(), name: z.string(), slug: z.string(), created_at: isoTimestamp }),
  role: z.enum(ROLES),
  /** How the caller authenticated: a session cookie, a player access token, or a workspace API token. */
  via: z.enum(["cookie", "bearer", "api-token"]),
});

export const workspaceOperations = {
  current: operation({ auth: "workspace", doc: { response: currentWorkspaceResponse } }),
};
