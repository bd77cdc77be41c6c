import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";

// Reading packs: the workspace's list, one pack with its versions, one version's manifest.

type VersionRow = {
  id: string;
  number: number;
  executionMode: string;
  contentHash: string;
  evaluationSpecId: string;
  createdAt: Date;
  inputSets: { id: string; key: string; name: string; caseCount: number }[];
};

function versionSummary(v: VersionRow) {
  return {
    id: v.id,
    number: v.number,
    execution_mode: v.executionMode,
    content_hash: v.contentHash,
    evaluation_spec_id: v.evaluationSpecId,
    input_sets: v.inputSets.map((s) => ({ id: s.id, key: s.key, name: s.name, case_count: s.caseCount })),
    created_at: v.createdAt.toISOString(),
  };
}

export async function listPacks(workspaceId: string) {
  const packs = await db.challengePack.findMany({
    where: { workspaceId },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    include: { versions: { select: { number: true }, orderBy: { number: "desc" } } },
    take: 500,
  });
  return packs.map((p) => ({
    id: p.id,
    slug: p.slug,
    name: p.name,
    family: p.family,
    description: p.description,
    latest_version: p.versions[0]?.number ?? null,
    version_count: p.versions.length,
    updated_at: p.updatedAt.toISOString(),
  }));
}

export async function getPack(workspaceId: string, packId: string) {
  const pack = await db.challengePack.findFirst({
    where: { workspaceId, OR: [{ id: packId }, { slug: packId }] },
    include: {
      versions: { orderBy: { number: "desc" }, include: { inputSets: { orderBy: { key: "asc" } } } },
    },
  });
  if (!pack) throw notFound("Challenge pack");
  return {
    id: pack.id,
    slug: pack.slug,
    name: pack.name,
    family: pack.family,
    description: pack.description,
    latest_version: pack.versions[0]?.number ?? null,
    version_count: pack.versions.length,
    updated_at: pack.updatedAt.toISOString(),
    versions: pack.versions.map(versionSummary),
  };
}

export async function getPackVersion(workspaceId: string, packId: string, number: number) {
  const pack = await db.challengePack.findFirst({
    where: { workspaceId, OR: [{ id: packId }, { slug: packId }] },
    select: { id: true },
  });
  if (!pack) throw notFound("Challenge pack");
  const v = await db.challengePackVersion.findUnique({
    where: { packId_number: { packId: pack.id, number } },
    include: { inputSets: { orderBy: { key: "asc" } } },
  });
  if (!v) throw notFound("Challenge pack version");
  return {
    ...versionSummary(v),
    pack_id: pack.id,
    manifest: v.manifest as Record<string, unknown>,
    source_yaml: v.sourceYaml,
  };
}
