import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { pluginListResponse, pluginResponse, pluginTestRunResponse } from "@/lib/openapi/responses";
import { WRITERS } from "@/lib/validation/challenges";
import { idParams } from "@/lib/validation/console";
import {
  MAX_PLUGIN_CODE_BYTES,
  PLUGIN_KINDS,
  pluginCreateSchema,
  pluginTestRunSchema,
  pluginUpdateSchema,
} from "@/lib/validation/plugins";

// /console/api/plugins: evaluator and scorer plugins and their sandboxed test run.

export const pluginListQuerySchema = z.strictObject({
  kind: z.enum(PLUGIN_KINDS, { error: "kind must be evaluator or scorer" }).optional(),
});

// The code may be as large as allowed plus room for the other fields.
const PLUGIN_BODY_BYTES = MAX_PLUGIN_CODE_BYTES + 64 * 1024;

export const pluginOperations = {
  list: operation({
    auth: "workspace",
    query: pluginListQuerySchema,
    doc: { summary: "List evaluator and scorer plugins (without code)", response: pluginListResponse },
  }),
  create: operation({
    auth: "workspace",
    roles: WRITERS,
    body: pluginCreateSchema,
    maxBodyBytes: PLUGIN_BODY_BYTES,
    doc: {
      summary: "Create a plugin (its code is loaded in the sandbox first)",
      response: pluginResponse,
      status: 201,
    },
  }),
  get: operation({
    auth: "workspace",
    params: idParams,
    doc: { summary: "Get a plugin with its code", response: pluginResponse },
  }),
  update: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: pluginUpdateSchema,
    maxBodyBytes: PLUGIN_BODY_BYTES,
    doc: { summary: "Update a plugin's name, code, entrypoints or config schema", response: pluginResponse },
  }),
  remove: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    doc: { summary: "Delete a plugin no challenge or collection uses", status: 204 },
  }),
  testRun: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: pluginTestRunSchema,
    maxBodyBytes: 256 * 1024,
    doc: { summary: "Run the plugin in the sandbox on sample input", response: pluginTestRunResponse },
  }),
};
