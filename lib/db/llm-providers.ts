import "server-only";
import { rowMapper } from "@/lib/db/rows";
import { one, query } from "@/lib/db/sql";

// Direct SQL: every model call of a `provider:` attempt reads its provider; the Prisma read cost
// about 1–1.5 ms more CPU per attempt (bench (d), in process: 4.3–4.7 vs 5.3–6.2 ms).

const toConnection = rowMapper({
  id: "text",
  workspaceId: "text",
  name: "text",
  kind: "text",
  baseUrl: "textOrNull",
  apiKeyEncrypted: "textOrNull",
});

export type ProviderConnectionRow = ReturnType<typeof toConnection>;

/** A workspace's provider by name, its key still encrypted; null when there is none. */
export async function readProviderConnection(workspaceId: string, name: string): Promise<ProviderConnectionRow | null> {
  const row = await query(() =>
    one<Record<string, unknown>>(
      `SELECT id, workspace_id, name, kind, base_url, api_key_encrypted FROM llm_providers
       WHERE workspace_id = $1 AND name = $2`,
      workspaceId,
      name,
    ),
  );
  return row ? toConnection(row) : null;
}
