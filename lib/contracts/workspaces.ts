import { operation } from "@/lib/contracts/operation";

export const ROLES = ["owner", "admin", "editor"] as const;
export type Role = (typeof ROLES)[number];

// /console/api/workspace: the caller's workspace and role.

export const workspaceOperations = {
  current: operation({ auth: "workspace" }),
};
