import "server-only";
import {
  DEFAULT_RED_BLUE_SETTINGS,
  judgeSuiteSchema,
  redBlueSettingsPatchSchema,
  RED_BLUE_STRATEGIES,
  SELECTION_POLICIES,
  type JudgeCategory,
  type RedBlueChallengeView,
  type RedBlueSettings,
  type RedBlueSettingsPatch,
} from "@/lib/contracts/red-blue";
import { AppError } from "@/lib/errors";
import { type Prisma } from "@/lib/generated/sqlite/client";
import { refreshThemeAssetUrls } from "@/lib/services/assets";
import type { FieldIssue } from "@/lib/contracts/challenges";
import { auditView } from "@/lib/contracts/primitives";

// How stored red/blue rows become views: settings and the judge suite are JSON columns, read
// tolerantly (a key that no longer validates falls back to its default instead of failing the
// whole page). Nothing here reads a secret value: settings only name the secret (secret_ref).

export const challengeSelect = {
  id: true,
  workspaceId: true,
  appId: true,
  workflowId: true,
  name: true,
  description: true,
  judgeSuite: true,
  defenseSelectionPolicy: true,
  attackSelectionPolicy: true,
  scoringStrategy: true,
  theme: true,
  instructionsMd: true,
  isActive: true,
  settings: true,
  createdBy: true,
  createdAt: true,
  updatedBy: true,
  updatedAt: true,
} as const;

export type ChallengeRow = Prisma.RedBlueChallengeGetPayload<{ select: typeof challengeSelect }>;

export const asObject = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

const fieldSchemas = redBlueSettingsPatchSchema.shape;

/** The stored settings keys that still validate (unknown or invalid keys are dropped). */
export function storedSettings(json: unknown): RedBlueSettingsPatch {
  const obj = asObject(json) ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    const schema = (
      fieldSchemas as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>
    )[key];
    if (!schema) continue;
    const res = schema.safeParse(value);
    if (res.success && res.data !== undefined) out[key] = res.data;
  }
  return out;
}

/** Complete settings of a stored row: its valid keys over the defaults. */
export function readSettings(json: unknown): RedBlueSettings {
  return { ...DEFAULT_RED_BLUE_SETTINGS, ...storedSettings(json) };
}

/** The stored judge suite, resolved; an unreadable suite reads as empty. */
export function readSuite(json: unknown): JudgeCategory[] {
  const res = judgeSuiteSchema.safeParse(json);
  return res.success ? res.data : [];
}

const oneOfOr = <T extends string>(list: readonly T[], v: string, dflt: T): T =>
  (list as readonly string[]).includes(v) ? (v as T) : dflt;

export const readStrategy = (v: string) => oneOfOr(RED_BLUE_STRATEGIES, v, "red_blue_ratio");
export const readPolicy = (v: string) => oneOfOr(SELECTION_POLICIES, v, "latest_best");

export function readTheme(json: unknown): Record<string, string> | null {
  const theme = asObject(json);
  if (!theme) return null;
  const refreshed = refreshThemeAssetUrls(theme);
  return Object.fromEntries(
    Object.entries(refreshed).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
}

export function toChallengeView(r: ChallengeRow): RedBlueChallengeView {
  return {
    id: r.id,
    app_id: r.appId,
    workflow_id: r.workflowId,
    name: r.name,
    description: r.description,
    judge_suite: readSuite(r.judgeSuite),
    defense_selection_policy: readPolicy(r.defenseSelectionPolicy),
    attack_selection_policy: readPolicy(r.attackSelectionPolicy),
    scoring_strategy: readStrategy(r.scoringStrategy),
    theme: readTheme(r.theme),
    instructions_md: r.instructionsMd,
    is_active: r.isActive,
    settings: readSettings(r.settings),
    ...auditView(r),
  };
}

/** One 422 with every issue (field paths like the other console services). */
export function invalid(issues: FieldIssue[]): AppError {
  const first = issues[0]!;
  return new AppError(
    "validation_failed",
    `Invalid request body: ${first.path ? `${first.path}: ` : ""}${first.message}`,
    {
      details: { issues },
    },
  );
}

/** A category verdict map from the stored JSON (anything but true/false/null is dropped). */
export function readCategories(json: unknown): Record<string, boolean | null> {
  const obj = asObject(json);
  if (!obj) return {};
  const out: Record<string, boolean | null> = {};
  for (const [k, v] of Object.entries(obj)) if (v === true || v === false || v === null) out[k] = v;
  return out;
}

/** The contested category keys a pairing's judge output lists (lib/red-blue/port.ts pairingRecord). */
export function readContested(json: unknown): string[] {
  const list = asObject(json)?.contested;
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === "string") : [];
}

export const round2 = (n: number) => Math.round(n * 100) / 100;
