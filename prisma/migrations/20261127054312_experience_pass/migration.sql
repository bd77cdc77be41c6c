-- CreateTable
CREATE TABLE "challenge_hints" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "challenge_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "body" TEXT NOT NULL,
    "cost" INTEGER NOT NULL DEFAULT 0,
    "unlock_after_failures" INTEGER,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "challenge_hints_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "challenge_hint_unlocks" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "hint_id" TEXT NOT NULL,
    "challenge_id" TEXT NOT NULL,
    "end_user_id" TEXT NOT NULL,
    "account_id" TEXT,
    "cost" INTEGER NOT NULL DEFAULT 0,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "challenge_hint_unlocks_hint_id_fkey" FOREIGN KEY ("hint_id") REFERENCES "challenge_hints" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "challenge_hint_unlocks_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "challenge_hint_unlocks_end_user_id_fkey" FOREIGN KEY ("end_user_id") REFERENCES "end_users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_challenge_collections" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "app_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "instructions_md" TEXT,
    "theme" JSONB,
    "scoring_strategy" TEXT NOT NULL DEFAULT 'sum',
    "scoring_plugin_id" TEXT,
    "scoring_entrypoint" TEXT,
    "scoring_config" JSONB,
    "is_public" BOOLEAN NOT NULL DEFAULT true,
    "gated" BOOLEAN NOT NULL DEFAULT false,
    "created_by" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by" TEXT,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "challenge_collections_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "challenge_collections_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "apps" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_challenge_collections" ("app_id", "created_at", "created_by", "description", "id", "instructions_md", "is_public", "name", "scoring_config", "scoring_entrypoint", "scoring_plugin_id", "scoring_strategy", "tenant_id", "theme", "updated_at", "updated_by") SELECT "app_id", "created_at", "created_by", "description", "id", "instructions_md", "is_public", "name", "scoring_config", "scoring_entrypoint", "scoring_plugin_id", "scoring_strategy", "tenant_id", "theme", "updated_at", "updated_by" FROM "challenge_collections";
DROP TABLE "challenge_collections";
ALTER TABLE "new_challenge_collections" RENAME TO "challenge_collections";
CREATE INDEX "challenge_collections_tenant_id_created_at_idx" ON "challenge_collections"("tenant_id", "created_at");
CREATE INDEX "challenge_collections_app_id_idx" ON "challenge_collections"("app_id");
CREATE TABLE "new_challenge_leaderboard_entries" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "challenge_id" TEXT NOT NULL,
    "end_user_id" TEXT NOT NULL,
    "account_id" TEXT,
    "best_attempt_id" TEXT NOT NULL,
    "score" REAL,
    "elapsed_ms" INTEGER,
    "tokens_total" INTEGER,
    "judge_rating" INTEGER,
    "achieved_at" DATETIME NOT NULL,
    "attempts_count" INTEGER NOT NULL DEFAULT 1,
    "hint_cost" INTEGER NOT NULL DEFAULT 0,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "challenge_leaderboard_entries_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "challenge_leaderboard_entries_end_user_id_fkey" FOREIGN KEY ("end_user_id") REFERENCES "end_users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "challenge_leaderboard_entries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "challenge_leaderboard_entries_best_attempt_id_fkey" FOREIGN KEY ("best_attempt_id") REFERENCES "challenge_attempts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_challenge_leaderboard_entries" ("account_id", "achieved_at", "attempts_count", "best_attempt_id", "challenge_id", "elapsed_ms", "end_user_id", "id", "judge_rating", "score", "tokens_total", "updated_at") SELECT "account_id", "achieved_at", "attempts_count", "best_attempt_id", "challenge_id", "elapsed_ms", "end_user_id", "id", "judge_rating", "score", "tokens_total", "updated_at" FROM "challenge_leaderboard_entries";
DROP TABLE "challenge_leaderboard_entries";
ALTER TABLE "new_challenge_leaderboard_entries" RENAME TO "challenge_leaderboard_entries";
CREATE INDEX "challenge_leaderboard_entries_challenge_id_achieved_at_best_attempt_id_idx" ON "challenge_leaderboard_entries"("challenge_id", "achieved_at", "best_attempt_id");
CREATE INDEX "challenge_leaderboard_entries_challenge_id_elapsed_ms_achieved_at_best_attempt_id_idx" ON "challenge_leaderboard_entries"("challenge_id", "elapsed_ms", "achieved_at", "best_attempt_id");
CREATE INDEX "challenge_leaderboard_entries_challenge_id_tokens_total_achieved_at_best_attempt_id_idx" ON "challenge_leaderboard_entries"("challenge_id", "tokens_total", "achieved_at", "best_attempt_id");
CREATE INDEX "challenge_leaderboard_entries_challenge_id_judge_rating_achieved_at_best_attempt_id_idx" ON "challenge_leaderboard_entries"("challenge_id", "judge_rating" DESC, "achieved_at", "best_attempt_id");
CREATE INDEX "challenge_leaderboard_entries_challenge_id_score_achieved_at_best_attempt_id_idx" ON "challenge_leaderboard_entries"("challenge_id", "score" DESC, "achieved_at", "best_attempt_id");
CREATE INDEX "challenge_leaderboard_entries_account_id_idx" ON "challenge_leaderboard_entries"("account_id");
CREATE INDEX "challenge_leaderboard_entries_best_attempt_id_idx" ON "challenge_leaderboard_entries"("best_attempt_id");
CREATE UNIQUE INDEX "challenge_leaderboard_entries_challenge_id_end_user_id_key" ON "challenge_leaderboard_entries"("challenge_id", "end_user_id");
CREATE TABLE "new_challenges" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "app_id" TEXT NOT NULL,
    "workflow_id" TEXT,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "goal" TEXT NOT NULL,
    "success_type" TEXT NOT NULL DEFAULT 'contains',
    "success_pattern" TEXT,
    "secret_ref" TEXT,
    "scoring_strategy" TEXT NOT NULL DEFAULT 'first',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "evaluator_type" TEXT NOT NULL DEFAULT 'rules',
    "evaluator_plugin_id" TEXT,
    "evaluator_entrypoint" TEXT,
    "evaluator_config" JSONB,
    "scoring_plugin_id" TEXT,
    "scoring_entrypoint" TEXT,
    "scoring_config" JSONB,
    "instructions_md" TEXT,
    "theme" JSONB,
    "hero_asset_id" TEXT,
    "difficulty" TEXT NOT NULL DEFAULT 'medium',
    "points" INTEGER NOT NULL DEFAULT 100,
    "max_attempts" INTEGER,
    "cooldown_seconds" INTEGER NOT NULL DEFAULT 0,
    "mask_variables" JSONB,
    "allow_guests" BOOLEAN NOT NULL DEFAULT false,
    "guests_on_boards" BOOLEAN NOT NULL DEFAULT false,
    "allow_secret_claims" BOOLEAN NOT NULL DEFAULT false,
    "refusal_message" TEXT,
    "win_message" TEXT,
    "created_by" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by" TEXT,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "challenges_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "challenges_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "apps" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "challenges_workflow_id_fkey" FOREIGN KEY ("workflow_id") REFERENCES "workflows" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "challenges_hero_asset_id_fkey" FOREIGN KEY ("hero_asset_id") REFERENCES "upload_files" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_challenges" ("app_id", "cooldown_seconds", "created_at", "created_by", "description", "difficulty", "evaluator_config", "evaluator_entrypoint", "evaluator_plugin_id", "evaluator_type", "goal", "hero_asset_id", "id", "instructions_md", "is_active", "mask_variables", "max_attempts", "name", "points", "scoring_config", "scoring_entrypoint", "scoring_plugin_id", "scoring_strategy", "secret_ref", "success_pattern", "success_type", "tenant_id", "theme", "updated_at", "updated_by", "workflow_id") SELECT "app_id", "cooldown_seconds", "created_at", "created_by", "description", "difficulty", "evaluator_config", "evaluator_entrypoint", "evaluator_plugin_id", "evaluator_type", "goal", "hero_asset_id", "id", "instructions_md", "is_active", "mask_variables", "max_attempts", "name", "points", "scoring_config", "scoring_entrypoint", "scoring_plugin_id", "scoring_strategy", "secret_ref", "success_pattern", "success_type", "tenant_id", "theme", "updated_at", "updated_by", "workflow_id" FROM "challenges";
DROP TABLE "challenges";
ALTER TABLE "new_challenges" RENAME TO "challenges";
CREATE INDEX "challenges_tenant_id_created_at_idx" ON "challenges"("tenant_id", "created_at");
CREATE INDEX "challenges_app_id_idx" ON "challenges"("app_id");
CREATE INDEX "challenges_workflow_id_idx" ON "challenges"("workflow_id");
CREATE INDEX "challenges_hero_asset_id_idx" ON "challenges"("hero_asset_id");
CREATE INDEX "challenges_is_active_created_at_idx" ON "challenges"("is_active", "created_at");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "challenge_hints_challenge_id_position_idx" ON "challenge_hints"("challenge_id", "position");

-- CreateIndex
CREATE INDEX "challenge_hint_unlocks_challenge_id_end_user_id_idx" ON "challenge_hint_unlocks"("challenge_id", "end_user_id");

-- CreateIndex
CREATE INDEX "challenge_hint_unlocks_end_user_id_idx" ON "challenge_hint_unlocks"("end_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "challenge_hint_unlocks_hint_id_end_user_id_key" ON "challenge_hint_unlocks"("hint_id", "end_user_id");
