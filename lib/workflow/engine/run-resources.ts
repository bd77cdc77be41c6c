// What a run needs before its first node: the challenges it evaluates against and every secret it
// may use, loaded by the caller (lib/services/runs/resources.ts) up front, so the masker knows
// every secret before anything is emitted or stored and executors never query per node.

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
