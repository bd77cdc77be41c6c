import "server-only";
import { rowMapper } from "@/lib/db/rows";
import { one, query } from "@/lib/db/sql";

// Direct SQL: a session's account is read on every authenticated request, and one statement here
// costs about 1.2 ms of CPU less per request than the Prisma client's two reads (bench (e)).

const toAccount = rowMapper({
  id: "text",
  email: "text",
  name: "text",
  status: "text",
  sessionVersion: "num",
  displayName: "textOrNull",
  revoked: "bool",
});

export type SessionAccountRow = ReturnType<typeof toAccount>;

/** The account with its display name, and whether the session id was revoked; null when there is no such account. */
export async function readSessionAccount(accountId: string, sessionId: string): Promise<SessionAccountRow | null> {
  const row = await query(() =>
    one<Record<string, unknown>>(
      `SELECT a.id, a.email, a.name, a.status, a.session_version, p.display_name,
         EXISTS (SELECT 1 FROM revoked_sessions r WHERE r.sid = $2) AS revoked
       FROM accounts a LEFT JOIN player_profiles p ON p.account_id = a.id
       WHERE a.id = $1`,
      accountId,
      sessionId,
    ),
  );
  return row ? toAccount(row) : null;
}
