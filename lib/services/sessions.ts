import "server-only";
import {
  createSessionToken,
  newSessionId,
  sessionExpiresAt,
  type SessionClaims,
} from "@/lib/auth/session";
import { db } from "@/lib/db";
import { readSessionAccount } from "@/lib/db/sessions";
import type { PublicAccount } from "@/lib/services/accounts";

// Session validity and revocation (see lib/auth/session.ts). Tokens are stateless JWTs; what
// makes one invalid before its expiry lives in the database, so every app instance sees a
// revocation at once:
//   - logout: the token's session id goes into revoked_sessions (until the token would expire);
//   - log out everywhere / password change: accounts.session_version goes up, and every token
//     carrying an older version is refused.

export interface SessionAccount extends PublicAccount {
  displayName: string | null;
}

/**
 * The active account a session belongs to, or null when the account is gone or banned or the
 * session was revoked. One indexed read (primary keys only, lib/db/sessions.ts): this runs on every
 * authenticated request.
 */
export async function getSessionAccount(claims: SessionClaims): Promise<SessionAccount | null> {
  const row = await readSessionAccount(claims.accountId, claims.sessionId);
  if (!row || row.status !== "active") return null;
  if (row.sessionVersion !== claims.version || row.revoked) return null;
  return { id: row.id, email: row.email, name: row.name, displayName: row.displayName };
}

async function currentVersion(accountId: string): Promise<number> {
  const row = await db.account.findUnique({ where: { id: accountId }, select: { sessionVersion: true } });
  return row?.sessionVersion ?? 0;
}

/** A token for a new session of this account, carrying its current session version. */
export async function issueSessionToken(
  account: PublicAccount,
  opts: { authTime?: number; sessionId?: string } = {},
): Promise<string> {
  const sessionVersion = await currentVersion(account.id);
  return createSessionToken({ ...account, sessionVersion }, opts.authTime, opts.sessionId ?? newSessionId());
}

/** The claims next-auth's jwt callback adds to a token it issues (same rules as ours). */
export async function sessionClaimsForNewToken(accountId: string): Promise<{ sid: string; sv: number }> {
  return { sid: newSessionId(), sv: await currentVersion(accountId) };
}

/** Ends one session (logout). Idempotent. Also drops revocations whose tokens have expired. */
export async function revokeSession(claims: SessionClaims): Promise<void> {
  const expiresAt = new Date(sessionExpiresAt(claims.authTime) * 1000);
  const now = new Date();
  await db.$transaction([
    db.revokedSession.deleteMany({ where: { expiresAt: { lt: now } } }),
    // A native upsert on the key (ON CONFLICT): a second logout of the session changes nothing.
    db.revokedSession.upsert({
      where: { sid: claims.sessionId },
      create: { sid: claims.sessionId, accountId: claims.accountId, expiresAt, createdAt: now },
      update: { sid: claims.sessionId },
      select: { sid: true },
    }),
  ]);
}

/** Ends every session of the account (log out everywhere). Returns the new session version. */
export async function revokeAllSessions(accountId: string): Promise<number> {
  const row = await db.account.update({
    where: { id: accountId },
    data: { sessionVersion: { increment: 1 }, updatedAt: new Date() },
    select: { sessionVersion: true },
  });
  return row.sessionVersion;
}
