// Workspace roles: beside operation.ts and workspaces.ts, which both need them.
export const ROLES = ["owner", "admin", "editor"] as const;
export type Role = (typeof ROLES)[number];
