import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { isoTimestamp } from "@/lib/contracts/primitives";
import { idParams } from "@/lib/contracts/params";

// /console/api/llm-providers: the workspace's model providers (keys are write-only).

export const providerCreateSchema = z.strictObject({
  name: z.string({ error: "name is required" }).trim().min(1).max(60),
  kind: z.enum(["openai", "openai-compatible"]),
  base_url: z.url({ protocol: /^https?$/, error: "base_url must be an http(s) URL" }).max(500).optional(),
  api_key: z.string().min(1).max(500).optional(),
  models: z.array(z.string().trim().min(1).max(120)).min(1, "List at least one model").max(50),
  is_default: z.boolean().optional(),
});

export const providerView = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  base_url: z.string().nullable(),
  models: z.array(z.string()),
  is_default: z.boolean(),
  has_api_key: z.boolean(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});

/** A provider as the service reads it: whether a key is set, never the key. */
export interface ProviderView {
  id: string;
  name: string;
  kind: string;
  baseUrl: string | null;
  models: string[];
  isDefault: boolean;
  hasApiKey: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A provider as the console API returns it (snake_case; never the key). */
export function providerJson(p: ProviderView): z.infer<typeof providerView> {
  return {
    id: p.id,
    name: p.name,
    kind: p.kind,
    base_url: p.baseUrl,
    models: p.models,
    is_default: p.isDefault,
    has_api_key: p.hasApiKey,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export const providerOperations = {
  list: operation({
    auth: "workspace",
    doc: {
      summary: "List LLM providers (keys never shown)",
      response: z.object({ data: z.array(providerView) }),
    },
  }),
  create: operation({
    auth: "workspace",
    roles: ["owner", "admin"],
    body: providerCreateSchema,
    doc: {
      summary: "Register an LLM provider (the key is write-only)",
      status: 201,
      response: z.object({ provider: providerView }),
    },
  }),
  get: operation({
    auth: "workspace",
    params: idParams,
    doc: { summary: "Get an LLM provider", response: z.object({ provider: providerView }) },
  }),
  remove: operation({
    auth: "workspace",
    roles: ["owner", "admin"],
    params: idParams,
    doc: { summary: "Delete an LLM provider", status: 204 },
  }),
};
