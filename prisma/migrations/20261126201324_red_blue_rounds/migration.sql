-- AlterTable
ALTER TABLE "team_submissions" ADD COLUMN "idempotency_key" TEXT;
ALTER TABLE "team_submissions" ADD COLUMN "result" JSONB;
ALTER TABLE "team_submissions" ADD COLUMN "utility_passed" BOOLEAN;

-- CreateTable
CREATE TABLE "team_rotations" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "red_blue_challenge_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "team" TEXT NOT NULL,
    "opponent_account_id" TEXT NOT NULL,
    "picks" INTEGER NOT NULL DEFAULT 0,
    "last_picked_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "team_rotations_red_blue_challenge_id_fkey" FOREIGN KEY ("red_blue_challenge_id") REFERENCES "red_blue_challenges" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_red_blue_challenges" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "app_id" TEXT NOT NULL,
    "workflow_id" TEXT,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "judge_suite" JSONB NOT NULL,
    "defense_selection_policy" TEXT NOT NULL DEFAULT 'latest_best',
    "attack_selection_policy" TEXT NOT NULL DEFAULT 'latest_best',
    "scoring_strategy" TEXT NOT NULL DEFAULT 'red_blue_ratio',
    "theme" JSONB,
    "instructions_md" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "created_by" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by" TEXT,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "red_blue_challenges_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "red_blue_challenges_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "apps" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "red_blue_challenges_workflow_id_fkey" FOREIGN KEY ("workflow_id") REFERENCES "workflows" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_red_blue_challenges" ("app_id", "attack_selection_policy", "created_at", "created_by", "defense_selection_policy", "description", "id", "instructions_md", "is_active", "judge_suite", "name", "scoring_strategy", "tenant_id", "theme", "updated_at", "updated_by", "workflow_id") SELECT "app_id", "attack_selection_policy", "created_at", "created_by", "defense_selection_policy", "description", "id", "instructions_md", "is_active", "judge_suite", "name", "scoring_strategy", "tenant_id", "theme", "updated_at", "updated_by", "workflow_id" FROM "red_blue_challenges";
DROP TABLE "red_blue_challenges";
ALTER TABLE "new_red_blue_challenges" RENAME TO "red_blue_challenges";
CREATE INDEX "red_blue_challenges_tenant_id_created_at_idx" ON "red_blue_challenges"("tenant_id", "created_at");
CREATE INDEX "red_blue_challenges_app_id_idx" ON "red_blue_challenges"("app_id");
CREATE INDEX "red_blue_challenges_workflow_id_idx" ON "red_blue_challenges"("workflow_id");
CREATE TABLE "new_team_pairings" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "red_blue_challenge_id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "attack_submission_id" TEXT,
    "defense_submission_id" TEXT,
    "judge_output_raw" JSONB,
    "categories" JSONB,
    "judge_rating" INTEGER,
    "judge_feedback" TEXT,
    "red_points" REAL NOT NULL DEFAULT 0,
    "blue_points" REAL NOT NULL DEFAULT 0,
    "tokens_total" INTEGER,
    "elapsed_ms" INTEGER,
    "initiator" TEXT NOT NULL DEFAULT 'red',
    "attack_account_id" TEXT,
    "defense_account_id" TEXT,
    "model_output" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "team_pairings_red_blue_challenge_id_fkey" FOREIGN KEY ("red_blue_challenge_id") REFERENCES "red_blue_challenges" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "team_pairings_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "team_pairings_attack_submission_id_fkey" FOREIGN KEY ("attack_submission_id") REFERENCES "team_submissions" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "team_pairings_defense_submission_id_fkey" FOREIGN KEY ("defense_submission_id") REFERENCES "team_submissions" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_team_pairings" ("attack_submission_id", "blue_points", "categories", "created_at", "defense_submission_id", "elapsed_ms", "id", "judge_feedback", "judge_output_raw", "judge_rating", "red_blue_challenge_id", "red_points", "tenant_id", "tokens_total") SELECT "attack_submission_id", "blue_points", "categories", "created_at", "defense_submission_id", "elapsed_ms", "id", "judge_feedback", "judge_output_raw", "judge_rating", "red_blue_challenge_id", "red_points", "tenant_id", "tokens_total" FROM "team_pairings";
DROP TABLE "team_pairings";
ALTER TABLE "new_team_pairings" RENAME TO "team_pairings";
CREATE INDEX "team_pairings_red_blue_challenge_id_created_at_idx" ON "team_pairings"("red_blue_challenge_id", "created_at");
CREATE INDEX "team_pairings_red_blue_challenge_id_attack_account_id_idx" ON "team_pairings"("red_blue_challenge_id", "attack_account_id");
CREATE INDEX "team_pairings_red_blue_challenge_id_defense_account_id_idx" ON "team_pairings"("red_blue_challenge_id", "defense_account_id");
CREATE INDEX "team_pairings_tenant_id_idx" ON "team_pairings"("tenant_id");
CREATE INDEX "team_pairings_attack_submission_id_idx" ON "team_pairings"("attack_submission_id");
CREATE INDEX "team_pairings_defense_submission_id_idx" ON "team_pairings"("defense_submission_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "team_rotations_red_blue_challenge_id_account_id_team_opponent_account_id_key" ON "team_rotations"("red_blue_challenge_id", "account_id", "team", "opponent_account_id");

-- CreateIndex
CREATE UNIQUE INDEX "team_submissions_red_blue_challenge_id_account_id_idempotency_key_key" ON "team_submissions"("red_blue_challenge_id", "account_id", "idempotency_key");
