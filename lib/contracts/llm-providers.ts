import { operation } from "@/lib/contracts/operation";
import { idParams, providerCreateSchema } from "@/lib/validation/console";

// /console/api/llm-providers: the workspace's model providers (keys are write-only).

export const providerOperations = {
  list: operation({ auth: "workspace" }),
  create: operation({
    auth: "workspace",
    roles: ["owner", "admin"],
    body: providerCreateSchema,
    doc: { status: 201 },
  }),
  get: operation({ auth: "workspace", params: idParams }),
  remove: operation({ auth: "workspace", roles: ["owner", "admin"], params: idParams, doc: { status: 204 } }),
};
