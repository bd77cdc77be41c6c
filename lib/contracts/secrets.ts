import { operation } from "@/lib/contracts/operation";
import { idParams, secretSetSchema } from "@/lib/validation/console";

// /console/api/secrets: named workspace secrets (values are write-only).

export const secretOperations = {
  list: operation({ auth: "workspace" }),
  set: operation({ auth: "workspace", body: secretSetSchema, doc: { status: 201 } }),
  remove: operation({ auth: "workspace", params: idParams, doc: { status: 204 } }),
};
