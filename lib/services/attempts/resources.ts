import "server-only";
import { decryptSecret } from "@/lib/crypto";
import { query, type Step } from "@/lib/db/lean";
import { RunResources, type LoadedChallenge, type ResourceRequest } from "@/lib/workflow/engine/run-resources";
import { resourceChallenges, secretCipher } from "@/lib/services/attempts/store";

// loadRunResources (lib/workflow/engine/run-resources.ts) for the attempt hot path: the same
// challenges and secrets, read with lean statements in one pass instead of one Prisma query
// each. Secrets are still read per run, never cached.

const asStringArray = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

function* load(req: ResourceRequest): Step<{ challenges: LoadedChallenge[]; secrets: [string, string][] }> {
  const ids = [...new Set([...(req.runChallengeId ? [req.runChallengeId] : []), ...req.challengeIds])];
  const rows = yield* resourceChallenges(req.workspaceId, ids);
  const challenges: LoadedChallenge[] = [];
  for (const r of rows) {
    const stored = r.secretRef ? yield* secretCipher(req.workspaceId, r.secretRef) : null;
    challenges.push({
      id: r.id,
      workspaceId: r.workspaceId,
      goal: r.goal,
      successType: r.successType,
      successPattern: r.successPattern,
      scoringStrategy: r.scoringStrategy,
      evaluatorType: r.evaluatorType,
      evaluatorPluginId: r.evaluatorPluginId,
      evaluatorEntrypoint: r.evaluatorEntrypoint,
      evaluatorConfig: r.evaluatorConfig,
      maskVariables: asStringArray(r.maskVariables),
      secret: stored === null ? null : decryptSecret(stored),
    });
  }
  const secrets: [string, string][] = [];
  for (const name of req.secretNames) {
    const stored = yield* secretCipher(req.workspaceId, name);
    if (stored !== null) secrets.push([name, decryptSecret(stored)]);
  }
  return { challenges, secrets };
}

export async function loadRunResourcesLean(req: ResourceRequest): Promise<RunResources> {
  if (!req.runChallengeId && req.challengeIds.length === 0 && req.secretNames.length === 0) return RunResources.empty;
  const { challenges, secrets } = await query(() => load(req));
  const byId = new Map(challenges.map((c) => [c.id, c]));
  const runChallenge = req.runChallengeId
    ? (byId.get(req.runChallengeId) ?? null)
    : req.challengeIds.length === 1
      ? (byId.get(req.challengeIds[0]!) ?? null)
      : null;
  return new RunResources(byId, new Map(secrets), runChallenge);
}
