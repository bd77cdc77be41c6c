import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { readSessionToken, sessionCookieName } from "@/lib/auth/session";
import { getSessionAccount } from "@/lib/services/sessions";
import { listWorkspacesFor, type WorkspaceSummary } from "@/lib/services/workspaces";

export interface Viewer {
  id: string;
  email: string;
  name: string;
  displayName: string | null;
  workspaces: WorkspaceSummary[];
}

/** The signed-in account for pages and server actions (once per request). */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const jar = await cookies();
  const claims = await readSessionToken(jar.get(sessionCookieName())?.value);
  if (!claims) return null;
  // Same check as API callers: revoked sessions and inactive accounts are signed out.
  const account = await getSessionAccount(claims);
  if (!account) return null;
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    displayName: account.displayName,
    workspaces: await listWorkspacesFor(account.id),
  };
});
