import "server-only";
import type { PublishResult } from "@/lib/contracts/packs";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { AppError } from "@/lib/errors";
import type { PackError } from "@/lib/packs/types";
import { contentHashOf, evaluationSpecIdOf, manifestOf } from "@/lib/services/packs/manifest";
import { validatePack } from "@/lib/services/packs/validate";

// Publishing a bundle: validated with every rule, then stored as an immutable version of the
// workspace's pack (by slug). The same number with the same content is a no-op that answers the
// existing ids; the same number with other content is refused; versions are never edited.

/** A bundle that does not validate: answered 422 `{valid: false, errors}` by the routes. */
export class PackInvalidError extends Error {
  constructor(readonly errors: PackError[]) {
    super(`The bundle has ${errors.length} error(s)`);
    this.name = "PackInvalidError";
  }
}

export async function publishPack(
  workspaceId: string,
  yamlText: string,
  accountId: string | null,
): Promise<PublishResult> {
  const checked = await validatePack(yamlText, workspaceId);
  if (!checked.valid || !checked.bundle) throw new PackInvalidError(checked.errors);
  const bundle = checked.bundle;
  const contentHash = contentHashOf(bundle);
  const evaluationSpecId = evaluationSpecIdOf(bundle);
  const number = bundle.version.number;
  return db.$transaction(async (tx) => {
    const pack = await tx.challengePack.upsert({
      where: { workspaceId_slug: { workspaceId, slug: bundle.pack.slug } },
      create: {
        workspaceId,
        slug: bundle.pack.slug,
        name: bundle.pack.name,
        family: bundle.pack.family,
        description: bundle.pack.description ?? null,
      },
      update: {},
    });
    const existing = await tx.challengePackVersion.findUnique({
      where: { packId_number: { packId: pack.id, number } },
      include: { inputSets: { orderBy: { key: "asc" } } },
    });
    if (existing) {
      if (existing.contentHash !== contentHash) {
        throw new AppError(
          "conflict",
          `Version ${number} of pack "${bundle.pack.slug}" is already published with different content; versions are immutable, so publish this as a new version.number`,
        );
      }
      return {
        challenge_pack_id: pack.id,
        challenge_pack_version_id: existing.id,
        evaluation_spec_id: existing.evaluationSpecId,
        input_set_ids: existing.inputSets.map((s) => s.id),
        version_number: number,
        content_hash: contentHash,
        created: false,
      };
    }
    // The pack's display fields follow its newest version.
    const newest = await tx.challengePackVersion.findFirst({
      where: { packId: pack.id },
      orderBy: { number: "desc" },
    });
    if (!newest || newest.number < number) {
      await tx.challengePack.update({
        where: { id: pack.id },
        data: {
          name: bundle.pack.name,
          family: bundle.pack.family,
          description: bundle.pack.description ?? null,
          updatedAt: new Date(),
        },
      });
    }
    const version = await tx.challengePackVersion.create({
      data: {
        packId: pack.id,
        workspaceId,
        number,
        contentHash,
        executionMode: bundle.version.execution_mode || "native",
        evaluationSpecId,
        manifest: manifestOf(bundle) as Prisma.InputJsonValue,
        sourceYaml: yamlText,
        createdById: accountId,
      },
    });
    const inputSetIds: string[] = [];
    for (const set of bundle.input_sets) {
      const row = await tx.challengePackInputSet.create({
        data: { versionId: version.id, key: set.key, name: set.name, caseCount: set.cases.length },
      });
      inputSetIds.push(row.id);
    }
    return {
      challenge_pack_id: pack.id,
      challenge_pack_version_id: version.id,
      evaluation_spec_id: evaluationSpecId,
      input_set_ids: inputSetIds,
      version_number: number,
      content_hash: contentHash,
      created: true,
    };
  });
}
