import "server-only";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { getModel, type ProviderConnection } from "@/lib/ai";
import type { ProviderView } from "@/lib/contracts/llm-providers";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db";
import { readProviderConnection } from "@/lib/db/llm-providers";
import { AppError, notFound } from "@/lib/errors";
import { assertUrlTargetAllowed, OutboundRefusedError } from "@/lib/http/outbound";

// Per-workspace LLM providers. The API key is write-only: views say whether one is set.
export type { ProviderView };

export interface ProviderInput {
  name: string;
  kind: "openai" | "openai-compatible";
  baseUrl?: string | null | undefined;
  apiKey?: string | null | undefined;
  models: string[];
  isDefault?: boolean | undefined;
}

const select = {
  id: true,
  name: true,
  kind: true,
  baseUrl: true,
  models: true,
  isDefault: true,
  createdAt: true,
  updatedAt: true,
  apiKeyEncrypted: true,
} as const;

type Row = { apiKeyEncrypted: string | null; models: unknown } & Omit<ProviderView, "models" | "hasApiKey">;

function toView({ apiKeyEncrypted, models, ...rest }: Row): ProviderView {
  return { ...rest, models: Array.isArray(models) ? models.map(String) : [], hasApiKey: !!apiKeyEncrypted };
}

/**
 * Refuses a base URL whose host is a literal forbidden address (loopback, private, link-local,
 * metadata, …) or a localhost name, unless OUTBOUND_ALLOW names it. Names that resolve inside
 * are refused at request time by the outbound guard (lib/http/outbound.ts).
 */
function assertBaseUrlAllowed(baseUrl: string | null | undefined): void {
  if (!baseUrl) return;
  try {
    assertUrlTargetAllowed(baseUrl);
  } catch (err) {
    if (err instanceof OutboundRefusedError) {
      throw new AppError("validation_failed", `base_url: ${err.message}`, {
        details: { issues: [{ path: "base_url", message: err.message }] },
      });
    }
    throw new AppError("validation_failed", "base_url must be an http(s) URL");
  }
}

export async function createProvider(workspaceId: string, input: ProviderInput): Promise<ProviderView> {
  assertBaseUrlAllowed(input.baseUrl);
  const row = await db.llmProvider.create({
    data: {
      workspaceId,
      name: input.name,
      kind: input.kind,
      baseUrl: input.baseUrl ?? null,
      apiKeyEncrypted: input.apiKey ? encryptSecret(input.apiKey) : null,
      models: input.models,
      isDefault: input.isDefault ?? false,
    },
    select,
  });
  return toView(row);
}

export async function listProviders(workspaceId: string): Promise<ProviderView[]> {
  const rows = await db.llmProvider.findMany({ where: { workspaceId }, orderBy: { name: "asc" }, select });
  return rows.map(toView);
}

export async function getProvider(workspaceId: string, id: string): Promise<ProviderView> {
  const row = await db.llmProvider.findFirst({ where: { id, workspaceId }, select });
  if (!row) throw notFound("LLM provider");
  return toView(row);
}

export async function deleteProvider(workspaceId: string, id: string): Promise<void> {
  const res = await db.llmProvider.deleteMany({ where: { id, workspaceId } });
  if (res.count === 0) throw notFound("LLM provider");
}

/** The provider a `provider:` model reference names (its key still encrypted), or null. */
export function findProviderConnection(workspaceId: string, name: string): Promise<ProviderConnection | null> {
  return readProviderConnection(workspaceId, name);
}

/** getModel for a workspace: its own `provider:` references resolve, other workspaces' do not. */
export function getWorkspaceModel(ref: string, workspaceId: string): Promise<LanguageModelV4> {
  return getModel(ref, { workspaceId, findProvider: findProviderConnection });
}
