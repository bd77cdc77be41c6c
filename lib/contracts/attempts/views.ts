// What the play page shows of the viewer's own attempts.

export interface AttemptHistoryItem {
  id: string;
  status: string;
  succeeded: boolean;
  judge_rating: number | null;
  judge_feedback: string | null;
  prompt: string | null;
  answer: string | null;
  error_message: string | null;
  tokens_total: number | null;
  elapsed_ms: number | null;
  created_at: string;
  /** The player flagged this attempt's verdict for the creator's review. */
  flagged?: boolean;
}
