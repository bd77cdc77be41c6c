import { operation } from "@/lib/contracts/operation";
import { apiTokenCreateSchema, idParams } from "@/lib/validation/console";

// /console/api/api-tokens: workspace API tokens (the token itself is shown once, on creation).

export const apiTokenOperations = {
  list: operation({ auth: "workspace" }),
  create: operation({
    auth: "workspace",
    roles: ["owner", "admin"],
    body: apiTokenCreateSchema,
    doc: { status: 201 },
  }),
  revoke: operation({ auth: "workspace", roles: ["owner", "admin"], params: idParams }),
};
