import "server-only";
import { randomToken, sha256 } from "@/lib/crypto";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import type { ApiTokenView } from "@/lib/contracts/api-tokens";
import { TOKEN_SCOPES, type TokenScope } from "@/lib/contracts/operation";

// Workspace API tokens: "gnt_" + 32 random bytes. Only a SHA-256 hash is stored; the token is
// shown once at creation.
export const TOKEN_PREFIX = "gnt_";

const viewSelect = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  expiresAt: true,
  revokedAt: true,
} as const;

function toView(row: { scopes: unknown } & Omit<ApiTokenView, "scopes">): ApiTokenView {
  return { ...row, scopes: Array.isArray(row.scopes) ? row.scopes.map(String) : [] };
}

export async function createApiToken(
  workspaceId: string,
  createdById: string | null,
  input: { name: string; expiresInDays?: number | undefined; scopes?: readonly TokenScope[] | undefined },
): Promise<{ token: string; apiToken: ApiTokenView }> {
  // Known scopes only, each once, in a fixed order; none given keeps today's default.
  const scopes = TOKEN_SCOPES.filter((s) => (input.scopes?.length ? input.scopes : ["console"]).includes(s));
  const token = TOKEN_PREFIX + randomToken(32);
  const row = await db.apiToken.create({
    data: {
      workspaceId,
      createdById,
      name: input.name,
      tokenHash: sha256(token),
      prefix: token.slice(0, 10),
      scopes,
      expiresAt: input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null,
    },
    select: viewSelect,
  });
  return { token, apiToken: toView(row) };
}

export async function listApiTokens(workspaceId: string): Promise<ApiTokenView[]> {
  const rows = await db.apiToken.findMany({ where: { workspaceId }, orderBy: { createdAt: "desc" }, select: viewSelect });
  return rows.map(toView);
}

export async function revokeApiToken(workspaceId: string, id: string): Promise<ApiTokenView> {
  const res = await db.apiToken.updateMany({
    where: { id, workspaceId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  const row = await db.apiToken.findFirst({ where: { id, workspaceId }, select: viewSelect });
  if (!row || (res.count === 0 && !row.revokedAt)) throw notFound("API token");
  return toView(row);
}

export interface ResolvedApiToken {
  id: string;
  workspaceId: string;
  scopes: TokenScope[];
  /** The account that created the token: a `play` token plays as this account. */
  createdById: string | null;
}

/** Resolves a presented token; null when unknown, revoked or expired. */
export async function resolveApiToken(token: string): Promise<ResolvedApiToken | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const row = await db.apiToken.findUnique({
    where: { tokenHash: sha256(token) },
    select: {
      id: true,
      workspaceId: true,
      revokedAt: true,
      expiresAt: true,
      lastUsedAt: true,
      scopes: true,
      createdById: true,
    },
  });
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= new Date())) return null;
  // Touch at most once a minute to keep hot tokens from writing on every request.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  }
  const stored = Array.isArray(row.scopes) ? row.scopes.map(String) : [];
  const scopes = TOKEN_SCOPES.filter((s) => stored.includes(s));
  return { id: row.id, workspaceId: row.workspaceId, scopes, createdById: row.createdById };
}

/** The active account a `play` token acts as (its creator); null when gone or banned. */
export async function apiTokenAccount(
  token: ResolvedApiToken,
): Promise<{ id: string; email: string; name: string } | null> {
  if (!token.createdById) return null;
  const row = await db.account.findUnique({
    where: { id: token.createdById },
    select: { id: true, email: true, name: true, status: true },
  });
  return row && row.status === "active" ? { id: row.id, email: row.email, name: row.name } : null;
}

/** A challenge of the workspace a `play` token could play, for the token page's curl example. */
export async function exampleChallengeId(workspaceId: string): Promise<string | null> {
  const row = await db.challenge.findFirst({
    where: { workspaceId, isActive: true, workflow: { publishedVersionId: { not: null } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  return row?.id ?? null;
}
