import "server-only";
import { randomUUID } from "node:crypto";
import { db, type Tx } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { Prisma } from "@/lib/generated/sqlite/client";
import { compileConfigSchema } from "@/lib/validation/plugins";
import {
  assetIdsOfTheme,
  assetsInWorkspace,
  refreshThemeAssetUrls,
  signAssetUrl,
  verifySignedAssetUrl,
} from "@/lib/services/assets";
import { setSecret } from "@/lib/services/secrets";
import { validateTheme } from "@/lib/theme/validate";
import {
  challengeCreateSchema,
  challengeUpdateSchema,
  checkChallengeState,
  type ChallengeCreateInput,
  type ChallengeState,
  type ChallengeUpdateInput,
  type FieldIssue,
} from "@/lib/validation/challenges";

// Console challenge CRUD (seed 000 "Console (creator)"). Inputs are the snake_case shapes of
// lib/validation/challenges.ts, parsed here, so server actions and route handlers get the same
// checks. Secrets are write-only: `secret` sets or replaces the value through the secrets service,
// views only say `has_secret`. Every read and write is scoped to the workspace: another
// workspace's id is "not found".

export interface ChallengeView {
  id: string;
  app_id: string;
  workflow_id: string | null;
  name: string;
  description: string | null;
  goal: string;
  success_type: string;
  success_pattern: string | null;
  /** Name of the workspace secret holding the challenge secret (never its value). */
  secret_ref: string | null;
  has_secret: boolean;
  scoring_strategy: string;
  is_active: boolean;
  evaluator_type: string;
  evaluator_plugin_id: string | null;
  evaluator_entrypoint: string | null;
  evaluator_config: Record<string, unknown> | null;
  scoring_plugin_id: string | null;
  scoring_entrypoint: string | null;
  scoring_config: Record<string, unknown> | null;
  instructions_md: string | null;
  /** Whitelisted CSS variables; asset URLs freshly signed. */
  theme: Record<string, string> | null;
  hero_asset_id: string | null;
  hero_asset_url: string | null;
  hero_asset_type: string | null;
  difficulty: string;
  points: number;
  max_attempts: number | null;
  cooldown_seconds: number;
  mask_variables: string[];
  /** Published version number of the workflow, null when it was never published (not playable). */
  published_version: number | null;
  created_by: string | null;
  created_at: string;
  updated_by: string | null;
  updated_at: string;
}

export interface ChallengeListItem extends ChallengeView {
  attempts_count: number;
  solves_count: number;
}

const select = {
  id: true,
  appId: true,
  workflowId: true,
  name: true,
  description: true,
  goal: true,
  successType: true,
  successPattern: true,
  secretRef: true,
  scoringStrategy: true,
  isActive: true,
  evaluatorType: true,
  evaluatorPluginId: true,
  evaluatorEntrypoint: true,
  evaluatorConfig: true,
  scoringPluginId: true,
  scoringEntrypoint: true,
  scoringConfig: true,
  instructionsMd: true,
  theme: true,
  heroAssetId: true,
  difficulty: true,
  points: true,
  maxAttempts: true,
  cooldownSeconds: true,
  maskVariables: true,
  createdBy: true,
  createdAt: true,
  updatedBy: true,
  updatedAt: true,
  heroAsset: { select: { mimeType: true } },
  workflow: { select: { publishedVersion: { select: { version: true } } } },
} as const;

type Row = Prisma.ChallengeGetPayload<{ select: typeof select }>;

const asObject = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const asStrings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

function toView(r: Row, secretNames: Set<string>): ChallengeView {
  const theme = asObject(r.theme);
  return {
    id: r.id,
    app_id: r.appId,
    workflow_id: r.workflowId,
    name: r.name,
    description: r.description,
    goal: r.goal,
    success_type: r.successType,
    success_pattern: r.successPattern,
    secret_ref: r.secretRef,
    has_secret: r.secretRef !== null && secretNames.has(r.secretRef),
    scoring_strategy: r.scoringStrategy,
    is_active: r.isActive,
    evaluator_type: r.evaluatorType,
    evaluator_plugin_id: r.evaluatorPluginId,
    evaluator_entrypoint: r.evaluatorEntrypoint,
    evaluator_config: asObject(r.evaluatorConfig),
    scoring_plugin_id: r.scoringPluginId,
    scoring_entrypoint: r.scoringEntrypoint,
    scoring_config: asObject(r.scoringConfig),
    instructions_md: r.instructionsMd,
    theme: theme ? (refreshThemeAssetUrls(theme) as Record<string, string>) : null,
    hero_asset_id: r.heroAssetId,
    hero_asset_url: r.heroAssetId ? signAssetUrl(r.heroAssetId).url : null,
    hero_asset_type: r.heroAsset?.mimeType ?? null,
    difficulty: r.difficulty,
    points: r.points,
    max_attempts: r.maxAttempts,
    cooldown_seconds: r.cooldownSeconds,
    mask_variables: asStrings(r.maskVariables),
    published_version: r.workflow?.publishedVersion?.version ?? null,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    updated_by: r.updatedBy,
    updated_at: r.updatedAt.toISOString(),
  };
}

async function secretNamesOf(workspaceId: string, refs: (string | null)[]): Promise<Set<string>> {
  const names = [...new Set(refs.filter((r): r is string => r !== null))];
  if (names.length === 0) return new Set();
  const rows = await db.secret.findMany({ where: { workspaceId, name: { in: names } }, select: { name: true } });
  return new Set(rows.map((r) => r.name));
}

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

async function requireApp(workspaceId: string, appId: string): Promise<void> {
  const n = await db.app.count({ where: { id: appId, workspaceId } });
  if (n === 0) throw invalid([{ path: "app_id", message: "No app with this id in this workspace" }]);
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

interface ChallengeDbState extends ChallengeState {
  evaluator_entrypoint: string | null;
  scoring_entrypoint: string | null;
  scoring_config: Record<string, unknown> | null;
  hero_asset_id: string | null;
  secret_ref: string | null;
}

/** Everything a challenge must satisfy before it is written; throws 422 with every issue. */
async function validateState(workspaceId: string, s: ChallengeDbState, secretValueGiven: boolean): Promise<Record<string, string> | null> {
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

const json = (v: Record<string, unknown> | null | undefined) =>
  v === null ? Prisma.DbNull : (v as Prisma.InputJsonValue | undefined);

/** Default secret name for a challenge whose secret was given as a value. */
const secretNameFor = (challengeId: string) => `CHALLENGE_${challengeId.replaceAll("-", "").slice(0, 12).toUpperCase()}`;

export async function listChallenges(workspaceId: string, filter: { appId?: string } = {}): Promise<ChallengeListItem[]> {
  const rows = await db.challenge.findMany({
    where: { workspaceId, ...(filter.appId ? { appId: filter.appId } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select,
  });
  const ids = rows.map((r) => r.id);
  const [names, attempts, solves] = await Promise.all([
    secretNamesOf(workspaceId, rows.map((r) => r.secretRef)),
    ids.length
      ? db.challengeAttempt.groupBy({ by: ["challengeId"], where: { challengeId: { in: ids }, status: { not: "pending" } }, _count: { _all: true } })
      : Promise.resolve([]),
    ids.length
      ? db.challengeLeaderboardEntry.groupBy({ by: ["challengeId"], where: { challengeId: { in: ids } }, _count: { _all: true } })
      : Promise.resolve([]),
  ]);
  const attemptsBy = new Map(attempts.map((a) => [a.challengeId, a._count._all]));
  const solvesBy = new Map(solves.map((s) => [s.challengeId, s._count._all]));
  return rows.map((r) => ({
    ...toView(r, names),
    attempts_count: attemptsBy.get(r.id) ?? 0,
    solves_count: solvesBy.get(r.id) ?? 0,
  }));
}

export async function getChallenge(workspaceId: string, id: string): Promise<ChallengeView> {
  const row = await db.challenge.findFirst({ where: { id, workspaceId }, select });
  if (!row) throw notFound("Challenge");
  return toView(row, await secretNamesOf(workspaceId, [row.secretRef]));
}

/**
 * Creates a challenge. Without workflow_id a workflow with an empty draft is created for it (the
 * builder starts from an empty canvas); without app_id the workspace's default app is used.
 */
export async function createChallenge(
  workspaceId: string,
  actorId: string | null,
  input: ChallengeCreateInput,
): Promise<ChallengeView> {
  const data = challengeCreateSchema.parse(input);
  const id = randomUUID();
  const secretRef = data.secret !== undefined ? (data.secret_ref ?? secretNameFor(id)) : (data.secret_ref ?? null);
  if (data.app_id) await requireApp(workspaceId, data.app_id);
  if (data.workflow_id) {
    const wf = await db.workflow.count({ where: { id: data.workflow_id, workspaceId } });
    if (wf === 0) throw invalid([{ path: "workflow_id", message: "No workflow with this id in this workspace" }]);
  }
  const state: ChallengeDbState = {
    success_type: data.success_type,
    success_pattern: data.success_pattern ?? null,
    has_secret: data.secret !== undefined || (secretRef !== null && (await secretNamesOf(workspaceId, [secretRef])).has(secretRef)),
    evaluator_type: data.evaluator_type,
    evaluator_plugin_id: data.evaluator_plugin_id ?? null,
    evaluator_entrypoint: data.evaluator_entrypoint ?? null,
    evaluator_config: data.evaluator_config ?? null,
    scoring_strategy: data.scoring_strategy,
    scoring_plugin_id: data.scoring_plugin_id ?? null,
    scoring_entrypoint: data.scoring_entrypoint ?? null,
    scoring_config: data.scoring_config ?? null,
    theme: data.theme ?? null,
    hero_asset_id: data.hero_asset_id ?? null,
    secret_ref: secretRef,
  };
  const theme = await validateState(workspaceId, state, data.secret !== undefined);

  if (data.secret !== undefined && secretRef) await setSecret(workspaceId, secretRef, data.secret);
  await db.$transaction(async (tx) => {
    const appId = data.app_id ?? (await defaultAppId(workspaceId, tx));
    const workflowId =
      data.workflow_id ??
      (
        await tx.workflow.create({
          data: { workspaceId, appId, name: data.name, draftGraph: { nodes: [], edges: [] }, createdBy: actorId, updatedBy: actorId },
          select: { id: true },
        })
      ).id;
    await tx.challenge.create({
      data: {
        id,
        workspaceId,
        appId,
        workflowId,
        name: data.name,
        description: data.description ?? null,
        goal: data.goal,
        successType: data.success_type,
        successPattern: data.success_pattern ?? null,
        secretRef,
        scoringStrategy: data.scoring_strategy,
        isActive: data.is_active,
        evaluatorType: data.evaluator_type,
        evaluatorPluginId: data.evaluator_plugin_id ?? null,
        evaluatorEntrypoint: data.evaluator_entrypoint ?? null,
        evaluatorConfig: json(data.evaluator_config ?? null),
        scoringPluginId: data.scoring_plugin_id ?? null,
        scoringEntrypoint: data.scoring_entrypoint ?? null,
        scoringConfig: json(data.scoring_config ?? null),
        instructionsMd: data.instructions_md ?? null,
        theme: json(theme),
        heroAssetId: data.hero_asset_id ?? null,
        difficulty: data.difficulty,
        points: data.points,
        maxAttempts: data.max_attempts ?? null,
        cooldownSeconds: data.cooldown_seconds,
        maskVariables: data.mask_variables,
        createdBy: actorId,
        updatedBy: actorId,
      },
    });
  });
  return getChallenge(workspaceId, id);
}

/** Applies a patch; the whole resulting challenge is validated again (cross-field rules). */
export async function updateChallenge(
  workspaceId: string,
  actorId: string | null,
  id: string,
  patch: ChallengeUpdateInput,
): Promise<ChallengeView> {
  const data = challengeUpdateSchema.parse(patch);
  const current = await db.challenge.findFirst({ where: { id, workspaceId }, select });
  if (!current) throw notFound("Challenge");
  if (data.app_id) await requireApp(workspaceId, data.app_id);
  if (data.workflow_id) {
    const wf = await db.workflow.count({ where: { id: data.workflow_id, workspaceId } });
    if (wf === 0) throw invalid([{ path: "workflow_id", message: "No workflow with this id in this workspace" }]);
  }
  const pick = <K extends keyof typeof data, T>(key: K, fallback: T) =>
    (data[key] === undefined ? fallback : data[key]) as Exclude<(typeof data)[K], undefined> | T;

  const secretRef =
    data.secret !== undefined
      ? (data.secret_ref ?? current.secretRef ?? secretNameFor(id))
      : pick("secret_ref", current.secretRef);
  // An unchanged theme is not re-validated: its stored asset URLs may have expired since.
  const themeInput = data.theme === undefined ? null : data.theme;
  const state: ChallengeDbState = {
    success_type: pick("success_type", current.successType),
    success_pattern: pick("success_pattern", current.successPattern),
    has_secret: data.secret !== undefined || (secretRef !== null && (await secretNamesOf(workspaceId, [secretRef])).has(secretRef)),
    evaluator_type: pick("evaluator_type", current.evaluatorType),
    evaluator_plugin_id: pick("evaluator_plugin_id", current.evaluatorPluginId),
    evaluator_entrypoint: pick("evaluator_entrypoint", current.evaluatorEntrypoint),
    evaluator_config: pick("evaluator_config", asObject(current.evaluatorConfig)),
    scoring_strategy: pick("scoring_strategy", current.scoringStrategy),
    scoring_plugin_id: pick("scoring_plugin_id", current.scoringPluginId),
    scoring_entrypoint: pick("scoring_entrypoint", current.scoringEntrypoint),
    scoring_config: pick("scoring_config", asObject(current.scoringConfig)),
    theme: themeInput,
    hero_asset_id: pick("hero_asset_id", current.heroAssetId),
    secret_ref: secretRef,
  };
  const theme = await validateState(workspaceId, state, data.secret !== undefined);

  if (data.secret !== undefined && secretRef) await setSecret(workspaceId, secretRef, data.secret);
  const res = await db.challenge.updateMany({
    where: { id, workspaceId },
    data: {
      ...(data.app_id !== undefined ? { appId: data.app_id } : {}),
      ...(data.workflow_id !== undefined ? { workflowId: data.workflow_id } : {}),
      ...(data.name !== undefined ? { name: data.name } : {}),
      ...(data.description !== undefined ? { description: data.description } : {}),
      ...(data.goal !== undefined ? { goal: data.goal } : {}),
      ...(data.success_type !== undefined ? { successType: data.success_type } : {}),
      ...(data.success_pattern !== undefined ? { successPattern: data.success_pattern } : {}),
      ...(secretRef !== current.secretRef ? { secretRef } : {}),
      ...(data.scoring_strategy !== undefined ? { scoringStrategy: data.scoring_strategy } : {}),
      ...(data.is_active !== undefined ? { isActive: data.is_active } : {}),
      ...(data.evaluator_type !== undefined ? { evaluatorType: data.evaluator_type } : {}),
      ...(data.evaluator_plugin_id !== undefined ? { evaluatorPluginId: data.evaluator_plugin_id } : {}),
      ...(data.evaluator_entrypoint !== undefined ? { evaluatorEntrypoint: data.evaluator_entrypoint } : {}),
      ...(data.evaluator_config !== undefined ? { evaluatorConfig: json(data.evaluator_config) } : {}),
      ...(data.scoring_plugin_id !== undefined ? { scoringPluginId: data.scoring_plugin_id } : {}),
      ...(data.scoring_entrypoint !== undefined ? { scoringEntrypoint: data.scoring_entrypoint } : {}),
      ...(data.scoring_config !== undefined ? { scoringConfig: json(data.scoring_config) } : {}),
      ...(data.instructions_md !== undefined ? { instructionsMd: data.instructions_md } : {}),
      ...(data.theme !== undefined ? { theme: json(theme) } : {}),
      ...(data.hero_asset_id !== undefined ? { heroAssetId: data.hero_asset_id } : {}),
      ...(data.difficulty !== undefined ? { difficulty: data.difficulty } : {}),
      ...(data.points !== undefined ? { points: data.points } : {}),
      ...(data.max_attempts !== undefined ? { maxAttempts: data.max_attempts } : {}),
      ...(data.cooldown_seconds !== undefined ? { cooldownSeconds: data.cooldown_seconds } : {}),
      ...(data.mask_variables !== undefined ? { maskVariables: data.mask_variables } : {}),
      updatedBy: actorId,
    },
  });
  if (res.count === 0) throw notFound("Challenge");
  return getChallenge(workspaceId, id);
}

/**
 * Deletes a challenge with its attempts and leaderboard (cascade). Its workflow goes too when no
 * other challenge or red/blue challenge uses it.
 */
export async function deleteChallenge(workspaceId: string, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await tx.challenge.findFirst({ where: { id, workspaceId }, select: { workflowId: true } });
    if (!row) throw notFound("Challenge");
    await tx.challenge.delete({ where: { id } });
    if (row.workflowId) {
      const [others, redBlue] = await Promise.all([
        tx.challenge.count({ where: { workflowId: row.workflowId } }),
        tx.redBlueChallenge.count({ where: { workflowId: row.workflowId } }),
      ]);
      if (others + redBlue === 0) await tx.workflow.deleteMany({ where: { id: row.workflowId, workspaceId } });
    }
  });
}
