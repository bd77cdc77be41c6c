// Gauntlet challenges ↔ challenge packs: the plain data the mapping takes and gives. The services
// read storage and hand these in; nothing here reads storage.

/** A named secret with its plaintext (the challenge's own, or a workspace secret a template names). */
export interface ConvertSecret {
  name: string;
  value: string;
}

/** One Gauntlet challenge as the export needs it. */
export interface ExportChallengeInput {
  id: string;
  name: string;
  description: string | null;
  goal: string;
  difficulty: string;
  successType: string;
  successPattern: string | null;
  evaluatorType: string;
  /** The challenge's evaluator_config (judge settings of an llm-judge challenge). */
  evaluatorConfig: Record<string, unknown> | null;
  instructionsMd: string | null;
  /** The challenge's secret (its secret_ref name and value) when it has one. */
  secret: ConvertSecret | null;
  /** Workspace secrets the defense's templates name (`{{secret:NAME}}`), with their values. */
  namedSecrets: ConvertSecret[];
  /** The workflow graph players face: the published version's, else the draft (JSON). */
  graph: unknown;
}

export interface ExportPackInput {
  slug: string;
  name: string;
  description: string;
  /** version.number (and the evaluation spec's version_number). */
  version: number;
  challenges: ExportChallengeInput[];
  /**
   * Winning attack prompts (newest first, already deduplicated and capped) that become the
   * `regressions` input set of the first challenge; leave out for no such set.
   */
  regressions?: string[];
}

/** A successful attempt, as the regression set is built from it. */
export interface WinningAttempt {
  prompt: string | null;
  createdAt: Date;
}

/** A pack challenge mapped onto the fields of a new Gauntlet challenge. */
export interface ImportedChallenge {
  /** The pack challenge's key (for messages). */
  key: string;
  name: string;
  description: string;
  goal: string;
  difficulty: "easy" | "medium" | "hard" | "expert";
  successType: "contains" | "regex";
  successPattern: string | null;
  evaluatorType: "rules" | "llm-judge";
  /** Judge settings for an llm-judge challenge (null: the defaults). */
  evaluatorConfig: Record<string, unknown> | null;
  instructionsMd: string | null;
  /** The challenge secret's value (from the pack's planted secrets), or null. */
  secret: string | null;
  /** The LLM node's system template: the instructions, the secret written as `{{secret}}`. */
  systemTemplate: string;
  /** Its user template (`{{prompt}}` unless the export recorded a wrapper). */
  userTemplate: string;
  /** The LLM node's model reference, when the pack recorded a Gauntlet one. */
  model: string | null;
}
