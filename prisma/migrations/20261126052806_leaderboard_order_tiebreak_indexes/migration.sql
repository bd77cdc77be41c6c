-- DropIndex
DROP INDEX "challenge_leaderboard_entries_challenge_id_score_achieved_at_idx";

-- DropIndex
DROP INDEX "challenge_leaderboard_entries_challenge_id_judge_rating_achieved_at_idx";

-- DropIndex
DROP INDEX "challenge_leaderboard_entries_challenge_id_tokens_total_achieved_at_idx";

-- DropIndex
DROP INDEX "challenge_leaderboard_entries_challenge_id_elapsed_ms_achieved_at_idx";

-- DropIndex
DROP INDEX "challenge_leaderboard_entries_challenge_id_achieved_at_idx";

-- CreateIndex
CREATE INDEX "challenge_leaderboard_entries_challenge_id_achieved_at_best_attempt_id_idx" ON "challenge_leaderboard_entries"("challenge_id", "achieved_at", "best_attempt_id");

-- CreateIndex
CREATE INDEX "challenge_leaderboard_entries_challenge_id_elapsed_ms_achieved_at_best_attempt_id_idx" ON "challenge_leaderboard_entries"("challenge_id", "elapsed_ms", "achieved_at", "best_attempt_id");

-- CreateIndex
CREATE INDEX "challenge_leaderboard_entries_challenge_id_tokens_total_achieved_at_best_attempt_id_idx" ON "challenge_leaderboard_entries"("challenge_id", "tokens_total", "achieved_at", "best_attempt_id");

-- CreateIndex
CREATE INDEX "challenge_leaderboard_entries_challenge_id_judge_rating_achieved_at_best_attempt_id_idx" ON "challenge_leaderboard_entries"("challenge_id", "judge_rating" DESC, "achieved_at", "best_attempt_id");

-- CreateIndex
CREATE INDEX "challenge_leaderboard_entries_challenge_id_score_achieved_at_best_attempt_id_idx" ON "challenge_leaderboard_entries"("challenge_id", "score" DESC, "achieved_at", "best_attempt_id");
