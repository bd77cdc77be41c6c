import { route } from "@/lib/api/handler";
import { pluginOperations } from "@/lib/contracts/plugins";
import { getPlugin, testRunPlugin } from "@/lib/services/plugins";

// Runs the stored plugin in the sandbox on sample input (the console's test-run box). A plugin
// that fails is a 200 with ok: false and the detail: the creator is debugging their own code.
export const POST = route(
  pluginOperations.testRun,
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
