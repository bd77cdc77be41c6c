import { json, route } from "@/lib/api/handler";
import { createProvider, listProviders } from "@/lib/services/llm-providers";
import { providerCreateSchema } from "@/lib/validation/console";

export const GET = route({ auth: "workspace" }, async ({ caller }) => ({ data: await listProviders(caller.workspaceId) }));

export const POST = route(
  { auth: "workspace", roles: ["owner", "admin"], body: providerCreateSchema, doc: { status: 201 } },
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
