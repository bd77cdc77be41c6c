import { json, route } from "@/lib/api/handler";
import { providerOperations } from "@/lib/contracts/llm-providers";
import { createProvider, listProviders } from "@/lib/services/llm-providers";

export const GET = route(providerOperations.list, async ({ caller }) => ({ data: await listProviders(caller.workspaceId) }));

export const POST = route(
  providerOperations.create,
  async ({ caller, body }) =>
    json(
      {
        provider: await createProvider(caller.workspaceId, {
          name: body.name,
          kind: body.kind,
          baseUrl: body.base_url,
          apiKey: body.api_key,
          models: body.models,
          isDefault: body.is_default,
        }),
      },
      { status: 201 },
    ),
);
