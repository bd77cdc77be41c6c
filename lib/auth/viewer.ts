import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { db } from "@/lib/db";
import { readSessionToken, sessionCookieName } from "@/lib/auth/session";
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
  const account = await db.account.findUnique({
    where: { id: claims.accountId },
    select: { id: true, email: true, name: true, status: true, profile: { select: { displayName: true } } },
  });
  if (!account || account.status !== "active") return null;
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    displayName: account.profile?.displayName ?? null,
    workspaces: await listWorkspacesFor(account.id),
  };
});
