import "server-only";
import { db } from "@/lib/db";
import { all, exec, lockRow, transaction } from "@/lib/db/sql";
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
  const workspacesDeleted = await transaction(function* () {
    const mine = yield* all<{ workspace_id: string }>(
      "SELECT workspace_id FROM memberships WHERE account_id = $1 ORDER BY workspace_id",
      accountId,
    );
    const alone: string[] = [];
    for (const { workspace_id: workspaceId } of mine) {
      // In id order, so two deletions sharing workspaces lock them in the same order.
      if (!(yield* lockRow("workspaces", workspaceId))) continue;
      const members = yield* all<{ account_id: string; role: string; name: string }>(
        `SELECT m.account_id, m.role, w.name FROM memberships m JOIN workspaces w ON w.id = m.workspace_id
          WHERE m.workspace_id = $1`,
        workspaceId,
      );
      const me = members.find((m) => m.account_id === accountId);
      const others = members.filter((m) => m.account_id !== accountId);
      if (!me) continue;
      if (others.length === 0) alone.push(workspaceId);
      else if (me.role === "owner" && !others.some((o) => o.role === "owner")) {
        throw conflict(
          `You are the only owner of the workspace "${me.name}", which has other members. ` +
            "Make one of them an owner (or remove them) first, then delete your account.",
        );
      }
    }
    for (const id of alone) yield* exec("DELETE FROM workspaces WHERE id = $1", id);
    yield* exec("DELETE FROM accounts WHERE id = $1", accountId);
    return alone.length;
  });
  for (const id of challengeIds) forgetBoardEverywhere(id);
  return { challengeIds, workspacesDeleted };
}
