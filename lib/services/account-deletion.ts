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
// The check and the deletes run in one transaction holding the workspaces' rows, so two owners
// leaving at once cannot both go and leave a workspace without an owner.

const MAX_CONFIRMATION = 200;
/** The cascades of a large workspace take time: the 30 s a SQL transaction gets, not Prisma's 5 s. */
const DELETION_TRANSACTION = { timeout: 30_000 };

export interface DeletionMessages {
  /** An account with a password confirms with it. */
  wrongPassword: string;
  /** An account without one (email codes only) confirms with its email address. */
  wrongEmail: string;
}

const DEFAULT_MESSAGES: DeletionMessages = {
  wrongPassword: "That is not your password.",
  wrongEmail: "That is not your email address.",
};

function wrongConfirmation(message: string): AppError {
  return new AppError("validation_failed", message, {
    details: { issues: [{ path: "confirmation", message }] },
  });
}

/** What the account confirms its deletion with (the settings form asks for it). */
export async function deletionConfirmation(accountId: string): Promise<"password" | "email"> {
  const account = await db.account.findUnique({ where: { id: accountId }, select: { passwordHash: true } });
  return account?.passwordHash ? "password" : "email";
}

/**
 * Deletes the account after it confirmed: with its password when it has one (checked like a
 * login, with the same failure limits), else with its email address. Returns the challenges whose
 * boards changed.
 */
export async function deleteAccount(
  accountId: string,
  confirmation: string,
  clientKey: string,
  messages: DeletionMessages = DEFAULT_MESSAGES,
): Promise<{ challengeIds: string[]; workspacesDeleted: number }> {
  const account = await db.account.findUnique({
    where: { id: accountId },
    select: { email: true, passwordHash: true },
  });
  if (!account) throw new AppError("unauthorized", "Log in to do this");
  const typed = confirmation.trim().slice(0, MAX_CONFIRMATION);
  if (account.passwordHash) {
    const checked =
      typed === "" ? null : await loginWithPassword(account.email, confirmation, clientKey, { reauth: true });
    if (!checked || checked.id !== accountId) throw wrongConfirmation(messages.wrongPassword);
  } else if (typed === "" || typed.toLowerCase() !== account.email.toLowerCase()) {
    throw wrongConfirmation(messages.wrongEmail);
  }

  const entries = await db.challengeLeaderboardEntry.findMany({
    where: { OR: [{ accountId }, { endUser: { accountId } }] },
    select: { challengeId: true },
  });
  const challengeIds = [...new Set(entries.map((e) => e.challengeId))];
  const workspacesDeleted = await db.$transaction(async (tx) => {
    const mine = await tx.membership.findMany({
      where: { accountId },
      select: { workspaceId: true },
      orderBy: { workspaceId: "asc" },
    });
    const alone: string[] = [];
    const now = new Date();
    for (const { workspaceId } of mine) {
      // Touching the workspace (a member is leaving it) takes its row lock on PostgreSQL; in id
      // order, so two deletions sharing workspaces lock them in the same order.
      const { count } = await tx.workspace.updateMany({ where: { id: workspaceId }, data: { updatedAt: now } });
      if (!count) continue;
      const members = await tx.membership.findMany({
        where: { workspaceId },
        select: { accountId: true, role: true, workspace: { select: { name: true } } },
      });
      const me = members.find((m) => m.accountId === accountId);
      const others = members.filter((m) => m.accountId !== accountId);
      if (!me) continue;
      if (others.length === 0) alone.push(workspaceId);
      else if (me.role === "owner" && !others.some((o) => o.role === "owner")) {
        throw conflict(
          `You are the only owner of the workspace "${me.workspace.name}", which has other members. ` +
            "Make one of them an owner (or remove them) first, then delete your account.",
        );
      }
    }
    if (alone.length) await tx.workspace.deleteMany({ where: { id: { in: alone } } });
    await tx.account.deleteMany({ where: { id: accountId } });
    return alone.length;
  }, DELETION_TRANSACTION);
  for (const id of challengeIds) forgetBoardEverywhere(id);
  return { challengeIds, workspacesDeleted };
}
