import { z } from "zod";
import { TOKEN_SCOPES, operation } from "@/lib/contracts/operation";
import { isoTimestamp } from "@/lib/contracts/primitives";
import { idParams } from "@/lib/contracts/params";

// /console/api/api-tokens: workspace API tokens (the token itself is shown once, on creation).

export const apiTokenCreateSchema = z.strictObject({
  name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(80, "name is too long"),
  expires_in_days: z.number().int().min(1).max(3650).optional(),
  /** console (the console API, the default) and/or play (the player API as the token's creator). */
  scopes: z
    .array(z.enum(TOKEN_SCOPES))
    .min(1, "choose at least one scope")
    .max(2)
    .optional(),
});

export const apiTokenView = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters (`gnt_…`), to recognise it. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  created_at: isoTimestamp,
  last_used_at: isoTimestamp.nullable(),
  expires_at: isoTimestamp.nullable(),
  revoked_at: isoTimestamp.nullable(),
});
export type ApiTokenJson = z.infer<typeof apiTokenView>;

/** An API token as the services read it (never the token). */
export interface ApiTokenView {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** An API token as the console API returns it (snake_case; never the token). */
export function apiTokenJson(t: ApiTokenView): ApiTokenJson {
  return {
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    scopes: t.scopes,
    created_at: t.createdAt.toISOString(),
    last_used_at: t.lastUsedAt?.toISOString() ?? null,
    expires_at: t.expiresAt?.toISOString() ?? null,
    revoked_at: t.revokedAt?.toISOString() ?? null,
  };
}

export const apiTokenOperations = {
  list: operation({
    auth: "workspace",
    doc: {
      summary: "List the workspace's API tokens (never the tokens)",
      response: z.object({ data: z.array(apiTokenView) }),
    },
  }),
  create: operation({
    auth: "workspace",
    roles: ["owner", "admin"],
    body: apiTokenCreateSchema,
    doc: {
      summary: "Create an API token (shown once)",
      status: 201,
      response: z.object({ token: z.string().describe("The token, shown this once"), api_token: apiTokenView }),
    },
  }),
  revoke: operation({
    auth: "workspace",
    roles: ["owner", "admin"],
    params: idParams,
    doc: { summary: "Revoke an API token", response: z.object({ api_token: apiTokenView }) },
  }),
};
