// Direct SQL: the attempt hot path (README "Benchmarks" (a) and (e): attempts/s, CPU per attempt).
import "server-only";
import { decryptSecret } from "@/lib/crypto";
import { all, one, query, type Step } from "@/lib/db/sql";
import { columnsOf, rowMapper } from "@/lib/db/rows";
import { RunResources, type LoadedChallenge, type ResourceRequest } from "@/lib/workflow/engine/run-resources";

// The one loader of what a run needs (lib/workflow/engine/run-resources.ts): the challenges its
// evaluators name and the secrets its templates use, read in one pass. Secrets are read per run,
// never cached. A caller that has already read a challenge (the attempt path reads its challenge
// with the player's row) passes it in, and it is not read again.

const asStringArray = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

const RUN_CHALLENGE = {
  id: "text",
  workspaceId: ["tenant_id", "text"],
  goal: "text",
  successType: "text",
  successPattern: "textOrNull",
  scoringStrategy: "text",
  evaluatorType: "text",
  evaluatorPluginId: "textOrNull",
  evaluatorEntrypoint: "textOrNull",
  evaluatorConfig: "json",
  maskVariables: "json",
} as const;
const runChallengeRow = rowMapper(RUN_CHALLENGE);

/** The challenge columns a run reads, for a SELECT on `challenges` aliased `c`. */
export const RUN_CHALLENGE_COLUMNS = columnsOf(RUN_CHALLENGE, "c.");

/** A row selected with RUN_CHALLENGE_COLUMNS and its secret's plaintext. */
export function runChallengeOf(r: Record<string, unknown>, secret: string | null): LoadedChallenge {
  const c = runChallengeRow(r);
  return { ...c, maskVariables: asStringArray(c.maskVariables), secret };
}

/** A workspace secret's stored (encrypted) value. */
export function* secretCipher(workspaceId: string, name: string): Step<string | null> {
  const r = yield* one<{ value_encrypted: string }>(
    `SELECT value_encrypted FROM secrets WHERE workspace_id = $1 AND name = $2`,
    workspaceId,
    name,
  );
  return r?.value_encrypted ?? null;
}

export const decryptStored = (stored: string | null | undefined): string | null =>
  stored === null || stored === undefined ? null : decryptSecret(stored);

function* load(req: ResourceRequest, known: ReadonlyMap<string, LoadedChallenge>): Step<LoadedChallenge[]> {
  const ids = [...new Set([...(req.runChallengeId ? [req.runChallengeId] : []), ...req.challengeIds])].filter(
    (id) => !known.has(id),
  );
  if (ids.length === 0) return [];
  // Scoped to the workspace: another workspace's challenge id is simply not found.
  const marks = ids.map((_, i) => `$${i + 2}`).join(", ");
  const rows = yield* all<Record<string, unknown>>(
    `SELECT ${RUN_CHALLENGE_COLUMNS}, s.value_encrypted AS secret_cipher
     FROM challenges c LEFT JOIN secrets s ON s.workspace_id = c.tenant_id AND s.name = c.secret_ref
     WHERE c.tenant_id = $1 AND c.id IN (${marks})`,
    req.workspaceId,
    ...ids,
  );
  return rows.map((r) => runChallengeOf(r, decryptStored(r.secret_cipher as string | null)));
}

function* loadSecrets(req: ResourceRequest): Step<[string, string][]> {
  const secrets: [string, string][] = [];
  for (const name of req.secretNames) {
    const stored = yield* secretCipher(req.workspaceId, name);
    if (stored !== null) secrets.push([name, decryptSecret(stored)]);
  }
  return secrets;
}

/**
 * Loads a run's challenges and secrets. `{{secret}}` means the run's challenge, or else the one
 * challenge the graph names. `known`: challenges the caller has already read.
 */
export async function loadRunResources(req: ResourceRequest, known: readonly LoadedChallenge[] = []): Promise<RunResources> {
  const byId = new Map(known.map((c) => [c.id, c]));
  const wanted = req.runChallengeId !== null || req.challengeIds.length > 0 || req.secretNames.length > 0;
  if (!wanted) return RunResources.empty;
  const needsQuery =
    req.secretNames.length > 0 ||
    (req.runChallengeId !== null && !byId.has(req.runChallengeId)) ||
    req.challengeIds.some((id) => !byId.has(id));
  if (!needsQuery) return resourcesOf(req, byId, new Map());
  const { loaded, secrets } = await query(function* () {
    return { loaded: yield* load(req, byId), secrets: yield* loadSecrets(req) };
  });
  for (const c of loaded) byId.set(c.id, c);
  return resourcesOf(req, byId, new Map(secrets));
}

function resourcesOf(req: ResourceRequest, byId: Map<string, LoadedChallenge>, secrets: Map<string, string>): RunResources {
  // Only the challenges this run asked for (a known challenge it does not use stays out).
  const wanted = new Set([...(req.runChallengeId ? [req.runChallengeId] : []), ...req.challengeIds]);
  const challenges = new Map([...byId].filter(([id]) => wanted.has(id)));
  const runChallenge = req.runChallengeId
    ? (challenges.get(req.runChallengeId) ?? null)
    : req.challengeIds.length === 1
      ? (challenges.get(req.challengeIds[0]!) ?? null)
      : null;
  return new RunResources(challenges, secrets, runChallenge);
}
