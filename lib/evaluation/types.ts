// One result type for every evaluator (rules, LLM judge, custom plugin). A grader failure is its
// own outcome ("error"), never turned into a pass or a fail.

export type EvaluationOutcome = "pass" | "fail" | "error";

export interface EvaluationResult {
  outcome: EvaluationOutcome;
  /** 0..ratingScale (judge or plugin); null for rules. */
  rating: number | null;
  /** Shown to the player. For errors a generic sentence, never internal details. */
  feedback: string | null;
  /** Which evaluator produced it. */
  evaluator: "rules" | "llm-judge" | "custom";
  /**
   * For outcome "error": what failed (judge_error does not count against the player), or
   * judge_contested: the judges agreed less than the minimum (counted the same way, for review).
   */
  errorKind?: "judge_error" | "judge_contested" | "plugin_error";
  /** Diagnostics kept server-side (judge raw output, plugin raw), already free of secrets. */
  raw?: Record<string, unknown>;
  /** Judge/plugin metadata stored with the attempt. */
  judge?: {
    model: string;
    promptHash: string;
    inputTokens: number;
    outputTokens: number;
    latencyMs: number;
    attempts: number;
  };
}

export interface ScoreResult {
  score: number;
  details?: Record<string, unknown>;
}

/** The metrics a scorer sees (AttemptMetrics of the plugin API). */
export interface AttemptMetrics {
  succeeded: boolean;
  tokens_total: number | null;
  elapsed_ms: number | null;
  rating: number | null;
  created_at: number | null;
}
