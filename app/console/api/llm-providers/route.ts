import { json, route } from "@/lib/api/handler";
import { providerJson, providerOperations } from "@/lib/contracts/llm-providers";
import { createProvider, listProviders } from "@/lib/services/llm-providers";

export const GET = route(providerOperations.list, async ({ caller }) => ({
  data: (await listProviders(caller.workspaceId)).map(providerJson),
}));

export const POST = route(
  providerOperations.create,
  async ({ caller, body }) =>
    json(
      {
        provider: providerJson(
          await createProvider(caller.workspaceId, {
          name: body.name,
          kind: body.kind,
          baseUrl: body.base_url,
          apiKey: body.api_key,
          models: body.models,
          isDefault: body.is_default,
          }),
        ),
      },
      { status: 201 },
    ),
);
