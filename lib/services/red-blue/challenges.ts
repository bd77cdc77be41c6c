import "server-only";
import {
  judgeCallsPerPairing,
  MAX_JUDGE_CALLS_PER_PAIRING,
  redBlueCreateSchema,
  redBlueUpdateSchema,
  type RedBlueChallengeView,
  type RedBlueSettings,
} from "@/lib/contracts/red-blue";
import type { z } from "zod";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { Prisma } from "@/lib/generated/sqlite/client";
import { checkPluginRefs, checkTheme } from "@/lib/services/challenges";
import {
  challengeSelect,
  invalid,
  readSettings,
  readStrategy,
  readSuite,
  toChallengeView,
} from "@/lib/services/red-blue/views";
import type { FieldIssue } from "@/lib/contracts/challenges";

// Console CRUD of red/blue challenges (/console/api/red-blue-challenges).
// Inputs are the contract's snake_case shapes, parsed here too so server actions and routes get
// the same checks. Beyond zod: the app and workflow must be this workspace's, settings.secret_ref
// must name one of its secrets, custom scoring needs a scorer plugin of the workspace, a pairing
// makes at most MAX_JUDGE_CALLS_PER_PAIRING judge calls, and the theme goes through validateTheme.
// Another workspace's id is "not found".

/** What create accepts: the parsed body (RedBlueCreateInput) or anything it parses from (e.g. judge_suite keys). */
export type RedBlueCreateArgs = z.input<typeof redBlueCreateSchema>;
export type RedBlueUpdateArgs = z.input<typeof redBlueUpdateSchema>;

const json = (v: unknown) => (v === null ? Prisma.DbNull : (v as Prisma.InputJsonValue | undefined));

interface State {
  app_id?: string;
  workflow_id: string | null;
  scoring_strategy: string;
  /** Absent: the settings are not checked (a PATCH that changes neither them nor the strategy). */
  settings?: RedBlueSettings;
  /** Categories of the judge suite (checked with the settings: the judge calls per pairing). */
  categories: number;
  theme: Record<string, unknown> | null;
}

/** Every check that needs the database; throws one 422 with every issue. Returns the clean theme. */
async function validateState(workspaceId: string, s: State): Promise<Record<string, string> | null> {
  const issues: FieldIssue[] = [];
  if (s.app_id !== undefined) {
    const n = await db.app.count({ where: { id: s.app_id, workspaceId } });
    if (n === 0) issues.push({ path: "app_id", message: "No app with this id in this workspace" });
  }
  if (s.workflow_id) {
    const n = await db.workflow.count({ where: { id: s.workflow_id, workspaceId } });
    if (n === 0) issues.push({ path: "workflow_id", message: "No workflow with this id in this workspace" });
  }
  const { secret_ref, scoring_plugin_id, scoring_config } = s.settings ?? {
    secret_ref: null,
    scoring_plugin_id: null,
    scoring_config: null,
  };
  if (secret_ref) {
    const n = await db.secret.count({ where: { workspaceId, name: secret_ref } });
    if (n === 0)
      issues.push({
        path: "settings.secret_ref",
        message: `No secret "${secret_ref}" in this workspace; create it first`,
      });
  }
  if (s.settings && s.scoring_strategy === "custom") {
    if (!scoring_plugin_id) {
      issues.push({
        path: "settings.scoring_plugin_id",
        message: "scoring_strategy custom needs settings.scoring_plugin_id (a scorer plugin)",
      });
    } else {
      const refs = await checkPluginRefs(workspaceId, [
        {
          slug: scoring_plugin_id,
          kind: "scorer",
          field: "scoring",
          entrypoint: null,
          config: scoring_config,
        },
      ]);
      issues.push(...refs.map((i) => ({ ...i, path: `settings.${i.path}` })));
    }
  }
  if (s.settings) {
    const calls = judgeCallsPerPairing(s.categories, s.settings);
    if (calls > MAX_JUDGE_CALLS_PER_PAIRING)
      issues.push({
        path: "settings.judge_samples",
        message: `The judge suite would make ${calls} judge calls per pairing (categories × samples × judge models); at most ${MAX_JUDGE_CALLS_PER_PAIRING}`,
      });
  }
  const theme = await checkTheme(workspaceId, s.theme);
  issues.push(...theme.issues);
  if (issues.length > 0) throw invalid(issues);
  return theme.theme;
}

export async function listRedBlueChallenges(
  workspaceId: string,
  filter: { appId?: string } = {},
): Promise<RedBlueChallengeView[]> {
  const rows = await db.redBlueChallenge.findMany({
    where: { workspaceId, ...(filter.appId ? { appId: filter.appId } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: challengeSelect,
  });
  return rows.map(toChallengeView);
}

export async function getRedBlueChallenge(workspaceId: string, id: string): Promise<RedBlueChallengeView> {
  const row = await db.redBlueChallenge.findFirst({ where: { id, workspaceId }, select: challengeSelect });
  if (!row) throw notFound("Red/blue challenge");
  return toChallengeView(row);
}

export async function createRedBlueChallenge(
  workspaceId: string,
  actorId: string | null,
  input: RedBlueCreateArgs,
): Promise<RedBlueChallengeView> {
  const data = redBlueCreateSchema.parse(input);
  // The complete settings are stored, so what the creator saw is what is played.
  const settings = readSettings(data.settings ?? {});
  const theme = await validateState(workspaceId, {
    app_id: data.app_id,
    workflow_id: data.workflow_id ?? null,
    scoring_strategy: data.scoring_strategy,
    settings,
    categories: data.judge_suite.length,
    theme: data.theme ?? null,
  });
  const row = await db.redBlueChallenge.create({
    data: {
      workspaceId,
      appId: data.app_id,
      workflowId: data.workflow_id ?? null,
      name: data.name,
      description: data.description ?? null,
      judgeSuite: data.judge_suite as unknown as Prisma.InputJsonValue,
      defenseSelectionPolicy: data.defense_selection_policy,
      attackSelectionPolicy: data.attack_selection_policy,
      scoringStrategy: data.scoring_strategy,
      theme: json(theme),
      instructionsMd: data.instructions_md ?? null,
      isActive: data.is_active,
      settings: settings as unknown as Prisma.InputJsonValue,
      createdBy: actorId,
      updatedBy: actorId,
    },
    select: challengeSelect,
  });
  return toChallengeView(row);
}

export async function updateRedBlueChallenge(
  workspaceId: string,
  actorId: string | null,
  id: string,
  input: RedBlueUpdateArgs,
): Promise<RedBlueChallengeView> {
  const data = redBlueUpdateSchema.parse(input);
  if (Object.values(data).every((v) => v === undefined))
    throw invalid([{ path: "", message: "Nothing to update" }]);
  const current = await db.redBlueChallenge.findFirst({
    where: { id, workspaceId },
    select: challengeSelect,
  });
  if (!current) throw notFound("Red/blue challenge");
  // A settings patch is merged key by key over what is stored (absent keys keep their value).
  const patch = Object.fromEntries(Object.entries(data.settings ?? {}).filter(([, v]) => v !== undefined));
  const settings = readSettings({ ...readSettings(current.settings), ...patch });
  const checkSettings =
    data.settings !== undefined || data.scoring_strategy !== undefined || data.judge_suite !== undefined;
  const theme = await validateState(workspaceId, {
    workflow_id: data.workflow_id === undefined ? null : data.workflow_id,
    scoring_strategy: data.scoring_strategy ?? readStrategy(current.scoringStrategy),
    ...(checkSettings ? { settings } : {}),
    categories: (data.judge_suite ?? readSuite(current.judgeSuite)).length,
    // An unchanged theme is not re-validated: its stored asset URLs may have expired since.
    theme: data.theme ?? null,
  });
  const res = await db.redBlueChallenge.updateMany({
    where: { id, workspaceId },
    data: {
      ...(data.workflow_id !== undefined ? { workflowId: data.workflow_id } : {}),
      ...(data.name !== undefined ? { name: data.name } : {}),
      ...(data.description !== undefined ? { description: data.description } : {}),
      ...(data.judge_suite !== undefined
        ? { judgeSuite: data.judge_suite as unknown as Prisma.InputJsonValue }
        : {}),
      ...(data.defense_selection_policy !== undefined
        ? { defenseSelectionPolicy: data.defense_selection_policy }
        : {}),
      ...(data.attack_selection_policy !== undefined
        ? { attackSelectionPolicy: data.attack_selection_policy }
        : {}),
      ...(data.scoring_strategy !== undefined ? { scoringStrategy: data.scoring_strategy } : {}),
      ...(data.theme !== undefined ? { theme: json(theme) } : {}),
      ...(data.instructions_md !== undefined ? { instructionsMd: data.instructions_md } : {}),
      ...(data.is_active !== undefined ? { isActive: data.is_active } : {}),
      ...(data.settings !== undefined ? { settings: settings as unknown as Prisma.InputJsonValue } : {}),
      updatedBy: actorId,
    },
  });
  if (res.count === 0) throw notFound("Red/blue challenge");
  return getRedBlueChallenge(workspaceId, id);
}

/** Deletes the challenge with its members, submissions, pairings and rotations (cascade). */
export async function deleteRedBlueChallenge(workspaceId: string, id: string): Promise<void> {
  const res = await db.redBlueChallenge.deleteMany({ where: { id, workspaceId } });
  if (res.count === 0) throw notFound("Red/blue challenge");
}
