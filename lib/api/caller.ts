import "server-only";
import { env } from "@/lib/env";
import { forwardingTrusted } from "@/lib/http/client-ip";
import { AppError, unauthorized } from "@/lib/errors";
import type { OperationScope } from "@/lib/contracts/operation";
import { readSessionToken, sessionCookieName, type SessionClaims } from "@/lib/auth/session";
import type { PublicAccount } from "@/lib/services/accounts";
import { getSessionAccount } from "@/lib/services/sessions";
import {
  apiTokenAccount,
  resolveApiToken,
  TOKEN_PREFIX,
  type ResolvedApiToken,
} from "@/lib/services/api-tokens";
import { resolveMembership, type Role } from "@/lib/services/workspaces";

export type Caller =
  { kind: "anonymous" } | { kind: "user"; account: PublicAccount; via: "cookie" | "bearer" | "api-token" };

export interface WorkspaceCaller {
  workspaceId: string;
  role: Role;
  /** The signed-in account, or null when an API token is calling. */
  account: PublicAccount | null;
  tokenId: string | null;
  via: "cookie" | "bearer" | "api-token";
}

export function bearerOf(headers: Headers): string | null {
  const h = headers.get("authorization");
  if (!h) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  if (!m) throw unauthorized("Malformed Authorization header; expected 'Bearer <token>'");
  return m[1]!;
}

/** A malformed percent-encoding (`%`, `%E0%A4%A`) is no value: treated as no session, not a 500. */
function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

function cookieValue(headers: Headers, name: string): string | undefined {
  const raw = headers.get("cookie");
  if (!raw) return undefined;
  for (const part of raw.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return safeDecode(part.slice(i + 1).trim());
  }
  return undefined;
}

/**
 * The session a request presents (bearer access token, else the session cookie), decoded but
 * not checked against the database; null when there is none or it does not decode.
 */
export async function sessionClaimsOf(headers: Headers): Promise<SessionClaims | null> {
  const bearer = bearerOf(headers);
  if (bearer) return readSessionToken(bearer);
  return readSessionToken(cookieValue(headers, sessionCookieName()));
}

const publicAccount = (a: PublicAccount): PublicAccount => ({ id: a.id, email: a.email, name: a.name });

/**
 * A presented API token (`gnt_…`) that carries `scope`: 401 when unknown, revoked or expired,
 * 403 insufficient_scope when it lacks the scope. The one scope check of every route (route()).
 */
export async function scopedApiToken(bearer: string, scope: OperationScope): Promise<ResolvedApiToken> {
  const token = await resolveApiToken(bearer);
  if (!token) throw unauthorized("Invalid, expired or revoked API token");
  if (scope === "session" || !token.scopes.includes(scope)) {
    const message =
      scope === "session"
        ? "API tokens cannot call this route: it needs a signed-in session"
        : `This API token lacks the '${scope}' scope this route requires`;
    throw new AppError("insufficient_scope", message, {
      details: { required_scope: scope, token_scopes: token.scopes },
    });
  }
  return token;
}

/**
 * Who is calling a player-facing route: a session (cookie or bearer access token), an API token
 * with the `play` scope (acting as its creator), or nobody.
 */
export async function resolveCaller(headers: Headers, scope: OperationScope = "play"): Promise<Caller> {
  const bearer = bearerOf(headers);
  if (bearer?.startsWith(TOKEN_PREFIX)) {
    const account = await apiTokenAccount(await scopedApiToken(bearer, scope));
    if (!account) throw unauthorized("The account that created this API token is no longer active");
    return { kind: "user", account: publicAccount(account), via: "api-token" };
  }
  if (bearer) {
    const claims = await readSessionToken(bearer);
    // Revoked (logged out, version raised), banned or deleted: same answer as an expired token.
    const account = claims && (await getSessionAccount(claims));
    if (!account) throw unauthorized("Invalid or expired access token");
    return { kind: "user", account: publicAccount(account), via: "bearer" };
  }
  const claims = await readSessionToken(cookieValue(headers, sessionCookieName()));
  const account = claims && (await getSessionAccount(claims));
  return account ? { kind: "user", account: publicAccount(account), via: "cookie" } : { kind: "anonymous" };
}

/**
 * Console callers: a workspace API token (Bearer gnt_…), or a signed-in member. Unknown or
 * revoked tokens are 401; a signed-in account without membership is 403.
 */
export async function resolveWorkspaceCaller(
  headers: Headers,
  scope: OperationScope = "console",
): Promise<WorkspaceCaller> {
  const bearer = bearerOf(headers);
  if (bearer?.startsWith(TOKEN_PREFIX)) {
    const token = await scopedApiToken(bearer, scope);
    return {
      workspaceId: token.workspaceId,
      role: "editor",
      account: null,
      tokenId: token.id,
      via: "api-token",
    };
  }
  const caller = await resolveCaller(headers, scope);
  if (caller.kind === "anonymous") throw unauthorized();
  const ws = await resolveMembership(caller.account.id, headers.get("x-workspace-id"));
  return { workspaceId: ws.id, role: ws.role, account: caller.account, tokenId: null, via: caller.via };
}

/**
 * CSRF: a cookie-authenticated request that changes state must come from our own origin.
 * Browsers send Origin on every cross-site POST; Sec-Fetch-Site is the fallback.
 */
export function isSameOrigin(headers: Headers, requestUrl: string): boolean {
  const origin = headers.get("origin");
  const allowed = new Set([new URL(requestUrl).origin, new URL(env.APP_URL).origin]);
  // X-Forwarded-Host only from a trusted proxy (TRUST_PROXY); otherwise a client could name any host.
  const forwardedHost = forwardingTrusted(headers)
    ? headers.get("x-forwarded-host")?.split(",")[0]?.trim()
    : undefined;
  const host = forwardedHost || headers.get("host");
  if (host) allowed.add(`${new URL(requestUrl).protocol}//${host}`);
  if (origin) return allowed.has(origin);
  const site = headers.get("sec-fetch-site");
  return site === "same-origin" || site === "none";
}
