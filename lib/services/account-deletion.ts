import "server-only";
import { db } from "@/lib/db";
import { AppError, conflict } from "@/lib/errors";
import { loginWithPassword } from "@/lib/services/accounts";
import { forgetBoardEverywhere } from "@/lib/services/caches";

// Deleting an account: the player's own data goes with it. The account row's cascades remove its
// end users (and with them every attempt, board entry, run, hint unlock and team membership),
// memberships, tokens, notifications, revoked-session rows and profile; a session token of a
// deleted account no longer resolves (lib/services/sessions.ts), so every session ends.
// Workspaces where the account is the only member are deleted with it; a workspace it owns
// alone that has other members is refused (another owner first), so nobody loses a workspace.

const MAX_CONFIRMATION = 200;

function wrongConfirmation(message: string): AppError {
  return new AppError("validation_failed", message, {
    details: { issues: [{ path: "confirmation", message }] },
  });
}

/**
 * Deletes the account after it confirmed with its email address or its password (the password
 * is checked like a login, with the same failure limits). Returns the challenges whose boards
 * changed.
 */
export async function deleteAccount(
  accountId: string,
  confirmation: string,
  clientKey: string,
  messages: { wrongConfirmation: string } = {
    wrongConfirmation: "That is neither your email address nor your password.",
  },
): Promise<{ challengeIds: string[]; workspacesDeleted: number }> {
  const account = await db.account.findUnique({
    where: { id: accountId },
    select: { email: true, passwordHash: true },
  });
  if (!account) throw new AppError("unauthorized", "Log in to do this");
  const typed = confirmation.trim().slice(0, MAX_CONFIRMATION);
  if (typed === "") throw wrongConfirmation(messages.wrongConfirmation);
  const byEmail = typed.toLowerCase() === account.email.toLowerCase();
  if (!byEmail) {
    const checked = account.passwordHash
      ? await loginWithPassword(account.email, confirmation, clientKey)
      : null;
    if (!checked || checked.id !== accountId) throw wrongConfirmation(messages.wrongConfirmation);
  }

  const memberships = await db.membership.findMany({
    where: { accountId },
    select: { workspaceId: true, role: true, workspace: { select: { name: true } } },
  });
  const alone: string[] = [];
  for (const m of memberships) {
    const others = await db.membership.findMany({
      where: { workspaceId: m.workspaceId, accountId: { not: accountId } },
      select: { role: true },
    });
    if (others.length === 0) alone.push(m.workspaceId);
    else if (m.role === "owner" && !others.some((o) => o.role === "owner")) {
      throw conflict(
        `You are the only owner of the workspace "${m.workspace.name}", which has other members. ` +
          "Make one of them an owner (or remove them) first, then delete your account.",
      );
    }
  }

  const entries = await db.challengeLeaderboardEntry.findMany({
    where: { OR: [{ accountId }, { endUser: { accountId } }] },
    select: { challengeId: true },
  });
  const challengeIds = [...new Set(entries.map((e) => e.challengeId))];
  await db.$transaction([
    db.workspace.deleteMany({ where: { id: { in: alone } } }),
    db.account.delete({ where: { id: accountId } }),
  ]);
  for (const id of challengeIds) forgetBoardEverywhere(id);
  return { challengeIds, workspacesDeleted: alone.length };
}
