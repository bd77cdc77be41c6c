import "server-only";
import {
  createSessionToken,
  newSessionId,
  sessionExpiresAt,
  type SessionClaims,
} from "@/lib/auth/session";
import { asBool, asNum, exec, one, query, transaction } from "@/lib/db/sql";
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

interface Row {
  id: string;
  email: string;
  name: string;
  status: string;
  session_version: number | bigint;
  display_name: string | null;
  revoked: unknown;
}

/**
 * The active account a session belongs to, or null when the account is gone or banned or the
 * session was revoked. One indexed read (primary keys only): this runs on every authenticated
 * request.
 */
export async function getSessionAccount(claims: SessionClaims): Promise<SessionAccount | null> {
  const row = await query(() =>
    one<Row>(
      `SELECT a.id, a.email, a.name, a.status, a.session_version, p.display_name,
         EXISTS (SELECT 1 FROM revoked_sessions r WHERE r.sid = $2) AS revoked
       FROM accounts a LEFT JOIN player_profiles p ON p.account_id = a.id
       WHERE a.id = $1`,
      claims.accountId,
      claims.sessionId,
    ),
  );
  if (!row || row.status !== "active") return null;
  if (asNum(row.session_version) !== claims.version || asBool(row.revoked)) return null;
  return { id: row.id, email: row.email, name: row.name, displayName: row.display_name };
}

async function currentVersion(accountId: string): Promise<number> {
  const row = await query(() =>
    one<{ session_version: number | bigint }>("SELECT session_version FROM accounts WHERE id = $1", accountId),
  );
  return asNum(row?.session_version);
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
  await transaction(function* () {
    yield* exec("DELETE FROM revoked_sessions WHERE expires_at < $1", now);
    yield* exec(
      `INSERT INTO revoked_sessions (sid, account_id, expires_at, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (sid) DO NOTHING`,
      claims.sessionId,
      claims.accountId,
      expiresAt,
      now,
    );
  });
}

/** Ends every session of the account (log out everywhere). Returns the new session version. */
export async function revokeAllSessions(accountId: string): Promise<number> {
  return transaction(function* () {
    yield* exec(
      "UPDATE accounts SET session_version = session_version + 1, updated_at = $2 WHERE id = $1",
      accountId,
      new Date(),
    );
    const row = yield* one<{ session_version: number | bigint }>(
      "SELECT session_version FROM accounts WHERE id = $1",
      accountId,
    );
    return asNum(row?.session_version);
  });
}
