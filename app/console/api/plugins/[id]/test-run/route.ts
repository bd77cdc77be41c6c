import { route } from "@/lib/api/handler";
import { pluginTestRunResponse } from "@/lib/openapi/responses";
import { getPlugin, testRunPlugin } from "@/lib/services/plugins";
import { WRITERS } from "@/lib/validation/challenges";
import { idParams } from "@/lib/validation/console";
import { pluginTestRunSchema } from "@/lib/validation/plugins";

// Runs the stored plugin in the sandbox on sample input (the console's test-run box). A plugin
// that fails is a 200 with ok: false and the detail: the creator is debugging their own code.
export const POST = route(
  {
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: pluginTestRunSchema,
    maxBodyBytes: 256 * 1024,
    doc: { summary: "Run the plugin in the sandbox on sample input", response: pluginTestRunResponse },
  },
  async ({ caller, params, body }) => {
    const plugin = await getPlugin(caller.workspaceId, params.id);
    const r = await testRunPlugin({ workspaceId: caller.workspaceId, pluginId: plugin.pluginId, input: body });
    return r.ok
      ? { ok: true, kind: r.kind, entrypoint: r.entrypoint, value: r.value, duration_ms: r.durationMs }
      : {
          ok: false,
          kind: r.kind,
          entrypoint: r.entrypoint,
          error: r.error,
          detail: r.detail,
          ...(r.value !== undefined ? { value: r.value } : {}),
          duration_ms: r.durationMs,
        };
  },
);
