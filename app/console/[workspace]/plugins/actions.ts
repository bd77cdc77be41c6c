"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { FormState } from "@/lib/contracts/forms";
import { AppError } from "@/lib/errors";
import { assertJsonTextDepth } from "@/lib/http/json-limits";
import {
  createPlugin,
  deletePlugin,
  getPlugin,
  testRunPlugin,
  updatePlugin,
  type TestRunResult,
} from "@/lib/services/plugins";
import { idParams } from "@/lib/contracts/params";
import { workspaceAction } from "../context";

const str = (formData: FormData, name: string) => {
  const v = formData.get(name);
  return typeof v === "string" ? v : "";
};

function invalidJson(field: string, label: string): never {
  const message = `${label} is not valid JSON`;
  throw new AppError("validation_failed", message, { details: { issues: [{ path: field, message }] } });
}

/** A JSON text field: empty → undefined, else the parsed value (a clear field error if it is not JSON). */
function jsonField(formData: FormData, field: string, label: string): unknown {
  const raw = str(formData, field).trim();
  if (raw === "") return undefined;
  assertJsonTextDepth(raw, field);
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    invalidJson(field, label);
  }
}

const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((l) => l.trim())
    .filter(Boolean);

export async function createPluginAction(_prev: FormState, formData: FormData) {
  const state = await workspaceAction<{ to: string }>(formData, {}, async ({ viewer, workspace }) => {
    const entrypoints = lines(str(formData, "entrypoints"));
    const schema = jsonField(formData, "config_schema", "config_schema");
    const plugin = await createPlugin(
      workspace.id,
      {
        plugin_id: str(formData, "plugin_id"),
        name: str(formData, "name"),
        kind: str(formData, "kind") as "evaluator",
        code: str(formData, "code"),
        ...(entrypoints.length > 0 ? { entrypoints } : {}),
        config_schema: (schema ?? null) as Record<string, unknown> | null,
      },
      { createdBy: viewer.id },
    );
    revalidatePath(`/console/${workspace.slug}/plugins`);
    return { data: { to: `/console/${workspace.slug}/plugins/${plugin.id}` } };
  });
  if (state.data) redirect(state.data.to);
  return state;
}

export async function updatePluginAction(_prev: FormState<{ version: number }>, formData: FormData) {
  return workspaceAction<{ version: number }>(formData, {}, async ({ workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    const entrypoints = lines(str(formData, "entrypoints"));
    const schema = jsonField(formData, "config_schema", "config_schema");
    const plugin = await updatePlugin(workspace.id, id, {
      name: str(formData, "name"),
      code: str(formData, "code"),
      ...(entrypoints.length > 0 ? { entrypoints } : {}),
      config_schema: (schema ?? null) as Record<string, unknown> | null,
    });
    revalidatePath(`/console/${workspace.slug}/plugins`);
    revalidatePath(`/console/${workspace.slug}/plugins/${id}`);
    return { data: { version: plugin.version } };
  });
}

export async function deletePluginAction(_prev: FormState, formData: FormData) {
  const state = await workspaceAction<{ to: string }>(formData, {}, async ({ workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    await deletePlugin(workspace.id, id);
    revalidatePath(`/console/${workspace.slug}/plugins`);
    return { data: { to: `/console/${workspace.slug}/plugins` } };
  });
  if (state.data) redirect(state.data.to);
  return state;
}

export async function testRunPluginAction(_prev: FormState<TestRunResult>, formData: FormData) {
  return workspaceAction<TestRunResult>(formData, {}, async ({ workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    const plugin = await getPlugin(workspace.id, id);
    const config = jsonField(formData, "config", "config");
    const metrics = jsonField(formData, "metrics", "metrics");
    const entrypoint = str(formData, "entrypoint").trim();
    const result = await testRunPlugin({
      workspaceId: workspace.id,
      pluginId: plugin.pluginId,
      input: {
        ...(entrypoint ? { entrypoint } : {}),
        ...(config !== undefined ? { config: config as Record<string, unknown> } : {}),
        goal: str(formData, "goal"),
        response: str(formData, "response"),
        ...(metrics !== undefined ? { metrics: metrics as never } : {}),
      },
    });
    return { data: result };
  });
}
