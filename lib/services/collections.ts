import "server-only";
import { db, type Tx } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { Prisma } from "@/lib/generated/sqlite/client";
import { refreshThemeAssetUrls } from "@/lib/services/assets";
import { checkPluginRefs, checkTheme, defaultAppId } from "@/lib/services/challenges";
import { asObject } from "@/lib/services/challenges/view";
import type { FieldIssue } from "@/lib/contracts/challenges";
import {
  checkCollectionState,
  collectionChallengesSchema,
  collectionCreateSchema,
  collectionUpdateSchema,
  type CollectionCreateInput,
  type CollectionUpdateInput,
  type CollectionView,
} from "@/lib/contracts/collections";
import { auditView } from "@/lib/contracts/primitives";

// Console collections: CRUD plus ordered membership. Membership is
// replaced as a whole (PUT …/{id}/challenges) so the order the creator dragged is the order
// stored; ids of another workspace's challenges are refused like unknown ids.

export type { CollectionChallengeRef, CollectionView } from "@/lib/contracts/collections";

const select = {
  id: true,
  appId: true,
  name: true,
  description: true,
  instructionsMd: true,
  theme: true,
  scoringStrategy: true,
  scoringPluginId: true,
  scoringEntrypoint: true,
  scoringConfig: true,
  isPublic: true,
  gated: true,
  createdBy: true,
  createdAt: true,
  updatedBy: true,
  updatedAt: true,
  items: {
    orderBy: { position: "asc" },
    select: { position: true, challenge: { select: { id: true, name: true, isActive: true } } },
  },
} as const;

type Row = Prisma.ChallengeCollectionGetPayload<{ select: typeof select }>;

function toView(r: Row): CollectionView {
  const theme = asObject(r.theme);
  return {
    id: r.id,
    app_id: r.appId,
    name: r.name,
    description: r.description,
    instructions_md: r.instructionsMd,
    theme: theme ? (refreshThemeAssetUrls(theme) as Record<string, string>) : null,
    scoring_strategy: r.scoringStrategy,
    scoring_plugin_id: r.scoringPluginId,
    scoring_entrypoint: r.scoringEntrypoint,
    scoring_config: asObject(r.scoringConfig),
    is_public: r.isPublic,
    gated: r.gated,
    challenges: r.items.map((i) => ({
      id: i.challenge.id,
      name: i.challenge.name,
      position: i.position,
      is_active: i.challenge.isActive,
    })),
    ...auditView(r),
  };
}

function invalid(issues: FieldIssue[]): AppError {
  const first = issues[0]!;
  return new AppError("validation_failed", `Invalid request body: ${first.path ? `${first.path}: ` : ""}${first.message}`, {
    details: { issues },
  });
}

const json = (v: Record<string, unknown> | null | undefined) =>
  v === null ? Prisma.DbNull : (v as Prisma.InputJsonValue | undefined);

async function validateState(
  workspaceId: string,
  s: {
    scoring_strategy: string;
    scoring_plugin_id: string | null;
    scoring_entrypoint: string | null;
    scoring_config: Record<string, unknown> | null;
    theme: Record<string, unknown> | null;
  },
): Promise<Record<string, string> | null> {
  const issues = checkCollectionState({ ...s, theme: null });
  if (s.scoring_strategy === "custom" && s.scoring_plugin_id) {
    issues.push(
      ...(await checkPluginRefs(workspaceId, [
        { slug: s.scoring_plugin_id, kind: "scorer", field: "scoring", entrypoint: s.scoring_entrypoint, config: s.scoring_config },
      ])),
    );
  }
  const theme = await checkTheme(workspaceId, s.theme);
  issues.push(...theme.issues);
  if (issues.length > 0) throw invalid(issues);
  return theme.theme;
}

/** Replaces the membership with these challenges in this order (inside the caller's transaction). */
async function writeMembership(tx: Tx, workspaceId: string, collectionId: string, ids: string[]): Promise<void> {
  if (new Set(ids).size !== ids.length) {
    throw invalid([{ path: "challenge_ids", message: "challenge_ids lists a challenge more than once" }]);
  }
  if (ids.length > 0) {
    const found = await tx.challenge.findMany({ where: { workspaceId, id: { in: ids } }, select: { id: true } });
    const known = new Set(found.map((f) => f.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0) {
      throw invalid([{ path: "challenge_ids", message: `No challenge with id ${missing.join(", ")} in this workspace` }]);
    }
  }
  await tx.challengeCollectionItem.deleteMany({ where: { collectionId } });
  if (ids.length > 0) {
    await tx.challengeCollectionItem.createMany({
      data: ids.map((challengeId, position) => ({ collectionId, challengeId, position })),
    });
  }
}

export async function listCollections(workspaceId: string, filter: { appId?: string } = {}): Promise<CollectionView[]> {
  const rows = await db.challengeCollection.findMany({
    where: { workspaceId, ...(filter.appId ? { appId: filter.appId } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select,
  });
  return rows.map(toView);
}

export async function getCollection(workspaceId: string, id: string): Promise<CollectionView> {
  const row = await db.challengeCollection.findFirst({ where: { id, workspaceId }, select });
  if (!row) throw notFound("Collection");
  return toView(row);
}

export async function createCollection(
  workspaceId: string,
  actorId: string | null,
  input: CollectionCreateInput,
): Promise<CollectionView> {
  const data = collectionCreateSchema.parse(input);
  if (data.app_id) {
    const n = await db.app.count({ where: { id: data.app_id, workspaceId } });
    if (n === 0) throw invalid([{ path: "app_id", message: "No app with this id in this workspace" }]);
  }
  const theme = await validateState(workspaceId, {
    scoring_strategy: data.scoring_strategy,
    scoring_plugin_id: data.scoring_plugin_id ?? null,
    scoring_entrypoint: data.scoring_entrypoint ?? null,
    scoring_config: data.scoring_config ?? null,
    theme: data.theme ?? null,
  });
  const id = await db.$transaction(async (tx) => {
    const appId = data.app_id ?? (await defaultAppId(workspaceId, tx));
    const row = await tx.challengeCollection.create({
      data: {
        workspaceId,
        appId,
        name: data.name,
        description: data.description ?? null,
        instructionsMd: data.instructions_md ?? null,
        theme: json(theme),
        scoringStrategy: data.scoring_strategy,
        scoringPluginId: data.scoring_plugin_id ?? null,
        scoringEntrypoint: data.scoring_entrypoint ?? null,
        scoringConfig: json(data.scoring_config ?? null),
        isPublic: data.is_public,
        gated: data.gated,
        createdBy: actorId,
        updatedBy: actorId,
      },
      select: { id: true },
    });
    if (data.challenge_ids) await writeMembership(tx, workspaceId, row.id, data.challenge_ids);
    return row.id;
  });
  return getCollection(workspaceId, id);
}

export async function updateCollection(
  workspaceId: string,
  actorId: string | null,
  id: string,
  patch: CollectionUpdateInput,
): Promise<CollectionView> {
  const data = collectionUpdateSchema.parse(patch);
  const current = await db.challengeCollection.findFirst({ where: { id, workspaceId }, select });
  if (!current) throw notFound("Collection");
  const theme = await validateState(workspaceId, {
    scoring_strategy: data.scoring_strategy ?? current.scoringStrategy,
    scoring_plugin_id: data.scoring_plugin_id === undefined ? current.scoringPluginId : data.scoring_plugin_id,
    scoring_entrypoint: data.scoring_entrypoint === undefined ? current.scoringEntrypoint : data.scoring_entrypoint,
    scoring_config: data.scoring_config === undefined ? asObject(current.scoringConfig) : data.scoring_config,
    // An unchanged theme is not re-validated: its stored asset URLs may have expired since.
    theme: data.theme ?? null,
  });
  const res = await db.challengeCollection.updateMany({
    where: { id, workspaceId },
    data: {
      ...(data.name !== undefined ? { name: data.name } : {}),
      ...(data.description !== undefined ? { description: data.description } : {}),
      ...(data.instructions_md !== undefined ? { instructionsMd: data.instructions_md } : {}),
      ...(data.theme !== undefined ? { theme: json(theme) } : {}),
      ...(data.scoring_strategy !== undefined ? { scoringStrategy: data.scoring_strategy } : {}),
      ...(data.scoring_plugin_id !== undefined ? { scoringPluginId: data.scoring_plugin_id } : {}),
      ...(data.scoring_entrypoint !== undefined ? { scoringEntrypoint: data.scoring_entrypoint } : {}),
      ...(data.scoring_config !== undefined ? { scoringConfig: json(data.scoring_config) } : {}),
      ...(data.is_public !== undefined ? { isPublic: data.is_public } : {}),
      ...(data.gated !== undefined ? { gated: data.gated } : {}),
      updatedBy: actorId,
    },
  });
  if (res.count === 0) throw notFound("Collection");
  return getCollection(workspaceId, id);
}

export async function deleteCollection(workspaceId: string, id: string): Promise<void> {
  const res = await db.challengeCollection.deleteMany({ where: { id, workspaceId } });
  if (res.count === 0) throw notFound("Collection");
}

/**
 * Sets the collection's challenges and their order (first id = position 0). Duplicates and ids
 * that are not challenges of this workspace are refused (422) and nothing changes.
 */
export async function setCollectionChallenges(
  workspaceId: string,
  id: string,
  orderedChallengeIds: string[],
  actorId: string | null = null,
): Promise<CollectionView> {
  const { challenge_ids } = collectionChallengesSchema.parse({ challenge_ids: orderedChallengeIds });
  await db.$transaction(async (tx) => {
    const found = await tx.challengeCollection.findFirst({ where: { id, workspaceId }, select: { id: true } });
    if (!found) throw notFound("Collection");
    // Touching the row first serializes concurrent membership writes (row lock on PostgreSQL).
    await tx.challengeCollection.update({ where: { id }, data: { updatedBy: actorId } });
    await writeMembership(tx, workspaceId, id, challenge_ids);
  });
  return getCollection(workspaceId, id);
}
