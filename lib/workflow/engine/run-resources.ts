import "server-only";
import { db } from "@/lib/db";
import { getSecretValue } from "@/lib/services/secrets";

// What a run needs from the database before its first node: the challenges it evaluates against
// and every secret it may use. Loading them up front (one query for challenges, one per secret)
// means the masker knows every secret before anything is emitted or stored, and executors never
// query per node. Secrets are loaded per run, never cached across runs.

export interface LoadedChallenge {
  id: string;
  workspaceId: string;
  goal: string;
  successType: string;
  successPattern: string | null;
  scoringStrategy: string;
  evaluatorType: string;
  evaluatorPluginId: string | null;
  evaluatorEntrypoint: string | null;
  evaluatorConfig: unknown;
  maskVariables: string[];
  /** Plaintext of the challenge's secret_ref; null when it has none (or it was deleted). */
  secret: string | null;
}

export class RunResources {
  constructor(
    private readonly challenges: ReadonlyMap<string, LoadedChallenge>,
    private readonly workspaceSecrets: ReadonlyMap<string, string>,
    /** The challenge `{{secret}}` refers to. */
    readonly runChallenge: LoadedChallenge | null,
  ) {}

  static readonly empty = new RunResources(new Map(), new Map(), null);

  challenge(id: string): LoadedChallenge | undefined {
    return this.challenges.get(id);
  }

  get runSecret(): string | null {
    return this.runChallenge?.secret ?? null;
  }

  workspaceSecret(name: string): string | undefined {
    return this.workspaceSecrets.get(name);
  }

  /** Every secret value loaded, for the masker. */
  secretValues(): string[] {
    const values = [...this.workspaceSecrets.values()];
    for (const c of this.challenges.values()) if (c.secret) values.push(c.secret);
    return values;
  }

  /** mask_variables declared on the loaded challenges. */
  challengeMaskVariables(): string[] {
    return [...this.challenges.values()].flatMap((c) => c.maskVariables);
  }
}

export interface ResourceRequest {
  workspaceId: string;
  /** The run's challenge (RunWorkflowOptions.challengeId). */
  runChallengeId: string | null;
  /** challenge_id values of challenge-evaluator nodes. */
  challengeIds: string[];
  /** Workspace secrets used as {{secret:NAME}}. */
  secretNames: string[];
}

const asStringArray = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/**
 * Loads challenges (scoped to the workspace: another workspace's id is simply not found) and
 * secrets. `{{secret}}` means the run's challenge, or else the one challenge the graph names.
 */
export async function loadRunResources(req: ResourceRequest): Promise<RunResources> {
  const ids = [...new Set([...(req.runChallengeId ? [req.runChallengeId] : []), ...req.challengeIds])];
  if (ids.length === 0 && req.secretNames.length === 0) return RunResources.empty;

  const rows = ids.length
    ? await db.challenge.findMany({
        where: { workspaceId: req.workspaceId, id: { in: ids } },
        select: {
          id: true,
          workspaceId: true,
          goal: true,
          successType: true,
          successPattern: true,
          secretRef: true,
          scoringStrategy: true,
          evaluatorType: true,
          evaluatorPluginId: true,
          evaluatorEntrypoint: true,
          evaluatorConfig: true,
          maskVariables: true,
        },
      })
    : [];
  const [challengeSecrets, workspaceSecrets] = await Promise.all([
    Promise.all(
      rows.map((r) => (r.secretRef ? getSecretValue(req.workspaceId, r.secretRef) : Promise.resolve(null))),
    ),
    Promise.all(
      req.secretNames.map(async (name) => [name, await getSecretValue(req.workspaceId, name)] as const),
    ),
  ]);

  const challenges = new Map<string, LoadedChallenge>();
  rows.forEach((r, i) => {
    challenges.set(r.id, {
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
      secret: challengeSecrets[i] ?? null,
    });
  });
  const secrets = new Map<string, string>();
  for (const [name, value] of workspaceSecrets) if (value !== null) secrets.set(name, value);

  const runChallenge = req.runChallengeId
    ? (challenges.get(req.runChallengeId) ?? null)
    : req.challengeIds.length === 1
      ? (challenges.get(req.challengeIds[0]!) ?? null)
      : null;
  return new RunResources(challenges, secrets, runChallenge);
}
