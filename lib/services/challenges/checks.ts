import "server-only";
import { db, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { assetIdsOfTheme, assetsInWorkspace, verifySignedAssetUrl } from "@/lib/services/assets";
import { asObject, asStrings } from "@/lib/services/challenges/view";
import { validateTheme } from "@/lib/theme/validate";
import { checkChallengeState, type ChallengeState, type FieldIssue } from "@/lib/contracts/challenges";
import { compileConfigSchema } from "@/lib/contracts/plugins";

// What a challenge must satisfy before it is written, beyond its input schema: references into
// the workspace (app, workflow, secret, plugins, assets) and the theme. Issues are collected and
// thrown together as one 422.

function invalid(issues: FieldIssue[]): AppError {
  const first = issues[0]!;
  return new AppError("validation_failed", `Invalid request body: ${first.path ? `${first.path}: ` : ""}${first.message}`, {
    details: { issues },
  });
}

/** The workspace's default app (its oldest), created when the workspace has none. */
export async function defaultAppId(workspaceId: string, client: Tx | typeof db = db): Promise<string> {
  const app = await client.app.findFirst({ where: { workspaceId }, orderBy: { createdAt: "asc" }, select: { id: true } });
  if (app) return app.id;
  const created = await client.app.create({ data: { workspaceId, name: "Default app" }, select: { id: true } });
  return created.id;
}

export async function requireApp(workspaceId: string, appId: string): Promise<void> {
  const n = await db.app.count({ where: { id: appId, workspaceId } });
  if (n === 0) throw invalid([{ path: "app_id", message: "No app with this id in this workspace" }]);
}

export async function requireWorkflow(workspaceId: string, workflowId: string): Promise<void> {
  const wf = await db.workflow.count({ where: { id: workflowId, workspaceId } });
  if (wf === 0) throw invalid([{ path: "workflow_id", message: "No workflow with this id in this workspace" }]);
}

/** Plugin references: the plugin exists with the right kind, the entrypoint is one of its own, the config fits its schema. */
async function checkPlugins(workspaceId: string, s: ChallengeDbState): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  const custom = s.evaluator_type === "custom" || s.success_type === "custom";
  const refs: { slug: string; kind: "evaluator" | "scorer"; field: string; entrypoint: string | null; config: Record<string, unknown> | null }[] = [];
  if (custom && s.evaluator_plugin_id) {
    refs.push({ slug: s.evaluator_plugin_id, kind: "evaluator", field: "evaluator", entrypoint: s.evaluator_entrypoint, config: s.evaluator_config });
  }
  if (s.scoring_strategy === "custom" && s.scoring_plugin_id) {
    refs.push({ slug: s.scoring_plugin_id, kind: "scorer", field: "scoring", entrypoint: s.scoring_entrypoint, config: s.scoring_config });
  }
  issues.push(...(await checkPluginRefs(workspaceId, refs)));
  return issues;
}

export async function checkPluginRefs(
  workspaceId: string,
  refs: { slug: string; kind: "evaluator" | "scorer"; field: string; entrypoint: string | null; config: Record<string, unknown> | null }[],
): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  for (const ref of refs) {
    const plugin = await db.plugin.findUnique({
      where: { workspaceId_pluginId: { workspaceId, pluginId: ref.slug } },
      select: { kind: true, entrypoints: true, configSchema: true },
    });
    if (!plugin) {
      issues.push({ path: `${ref.field}_plugin_id`, message: `No plugin "${ref.slug}" in this workspace` });
      continue;
    }
    if (plugin.kind !== ref.kind) {
      issues.push({ path: `${ref.field}_plugin_id`, message: `Plugin "${ref.slug}" is a ${plugin.kind}, not a ${ref.kind}` });
      continue;
    }
    const entrypoints = asStrings(plugin.entrypoints);
    if (ref.entrypoint && !entrypoints.includes(ref.entrypoint)) {
      issues.push({
        path: `${ref.field}_entrypoint`,
        message: `Plugin "${ref.slug}" has no entrypoint "${ref.entrypoint}" (it has ${entrypoints.join(", ")})`,
      });
    }
    const schema = asObject(plugin.configSchema);
    if (schema) {
      const compiled = compileConfigSchema(schema);
      if (compiled.ok) {
        const res = compiled.validate(ref.config ?? {});
        if (!res.ok) issues.push({ path: `${ref.field}_config`, message: res.message });
      }
    }
  }
  return issues;
}

/** Theme: whitelist + signed URLs (pure check), then the assets must be this workspace's. */
export async function checkTheme(
  workspaceId: string,
  theme: Record<string, unknown> | null,
): Promise<{ theme: Record<string, string> | null; issues: FieldIssue[] }> {
  if (theme === null) return { theme: null, issues: [] };
  const res = validateTheme(theme, { verifyAssetUrl: verifySignedAssetUrl });
  if (!res.ok) return { theme: null, issues: res.issues.map((i) => ({ path: i.path ? `theme.${i.path}` : "theme", message: i.message })) };
  const ids = assetIdsOfTheme(res.theme);
  const mine = await assetsInWorkspace(workspaceId, ids);
  const foreign = ids.filter((id) => !mine.has(id));
  if (foreign.length > 0) return { theme: null, issues: [{ path: "theme", message: "The theme uses an asset that is not in this workspace" }] };
  return { theme: res.theme, issues: [] };
}

export interface ChallengeDbState extends ChallengeState {
  evaluator_entrypoint: string | null;
  scoring_entrypoint: string | null;
  scoring_config: Record<string, unknown> | null;
  hero_asset_id: string | null;
  secret_ref: string | null;
}

/** Everything a challenge must satisfy before it is written; throws 422 with every issue. */
export async function validateState(workspaceId: string, s: ChallengeDbState, secretValueGiven: boolean): Promise<Record<string, string> | null> {
  // The theme is checked by checkTheme below (with the database); checkChallengeState gets none.
  const issues = checkChallengeState({ ...s, theme: null });
  if (s.secret_ref && !secretValueGiven) {
    const exists = await db.secret.count({ where: { workspaceId, name: s.secret_ref } });
    if (exists === 0) {
      issues.push({ path: "secret_ref", message: `No secret "${s.secret_ref}" in this workspace; create it first or send secret` });
    }
  }
  issues.push(...(await checkPlugins(workspaceId, s)));
  if (s.hero_asset_id) {
    const asset = await db.asset.findFirst({ where: { id: s.hero_asset_id, workspaceId }, select: { mimeType: true } });
    if (!asset) issues.push({ path: "hero_asset_id", message: "No asset with this id in this workspace" });
  }
  const theme = await checkTheme(workspaceId, s.theme);
  issues.push(...theme.issues);
  if (issues.length > 0) throw invalid(issues);
  return theme.theme;
}
