import { operation } from "@/lib/contracts/operation";

// /console/api/workspace: the caller's workspace and role.

export const workspaceOperations = {
  current: operation({ auth: "workspace" }),
};
