-- CreateTable
CREATE TABLE "accounts" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "interface_language" TEXT NOT NULL DEFAULT 'en',
    "last_login_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "workspaces" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "memberships" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "workspace_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "memberships_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "memberships_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "apps" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "apps_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "end_users" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "app_id" TEXT,
    "account_id" TEXT,
    "session_id" TEXT,
    "type" TEXT NOT NULL DEFAULT 'account',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "end_users_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "end_users_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "apps" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "end_users_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "player_profiles" (
    "account_id" TEXT NOT NULL PRIMARY KEY,
    "display_name" TEXT,
    "avatar_url" TEXT,
    "notify_on_first_blood" BOOLEAN NOT NULL DEFAULT true,
    "notify_on_record_beaten" BOOLEAN NOT NULL DEFAULT true,
    "notify_on_pairing" BOOLEAN NOT NULL DEFAULT true,
    "notify_by_email" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "player_profiles_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "email_login_codes" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "purpose" TEXT NOT NULL DEFAULT 'login',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" DATETIME NOT NULL,
    "consumed_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "api_tokens" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "workspace_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "scopes" JSONB NOT NULL,
    "created_by" TEXT,
    "last_used_at" DATETIME,
    "expires_at" DATETIME,
    "revoked_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "api_tokens_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "api_tokens_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "accounts" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "secrets" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "workspace_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "value_encrypted" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "secrets_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "llm_providers" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "workspace_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "base_url" TEXT,
    "api_key_encrypted" TEXT,
    "models" JSONB NOT NULL,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "llm_providers_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "upload_files" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "storage_key" TEXT NOT NULL,
    "created_by" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "upload_files_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "workflows" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "app_id" TEXT,
    "name" TEXT NOT NULL,
    "draft_graph" JSONB NOT NULL,
    "published_version_id" TEXT,
    "created_by" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by" TEXT,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "workflows_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "workflows_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "apps" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "workflows_published_version_id_fkey" FOREIGN KEY ("published_version_id") REFERENCES "workflow_versions" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "workflow_versions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "workflow_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "graph" JSONB NOT NULL,
    "published_by" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "workflow_versions_workflow_id_fkey" FOREIGN KEY ("workflow_id") REFERENCES "workflows" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "workflow_runs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "workflow_id" TEXT NOT NULL,
    "workflow_version_id" TEXT,
    "end_user_id" TEXT,
    "triggered_from" TEXT NOT NULL DEFAULT 'play',
    "status" TEXT NOT NULL DEFAULT 'running',
    "inputs" JSONB NOT NULL,
    "outputs" JSONB,
    "error" TEXT,
    "tokens_total" INTEGER NOT NULL DEFAULT 0,
    "judge_tokens_total" INTEGER NOT NULL DEFAULT 0,
    "elapsed_ms" INTEGER,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" DATETIME,
    CONSTRAINT "workflow_runs_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "workflow_runs_workflow_id_fkey" FOREIGN KEY ("workflow_id") REFERENCES "workflows" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "workflow_runs_workflow_version_id_fkey" FOREIGN KEY ("workflow_version_id") REFERENCES "workflow_versions" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "workflow_runs_end_user_id_fkey" FOREIGN KEY ("end_user_id") REFERENCES "end_users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "workflow_node_runs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "workflow_run_id" TEXT NOT NULL,
    "node_id" TEXT NOT NULL,
    "node_type" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "inputs" JSONB,
    "outputs" JSONB,
    "error" TEXT,
    "tokens" INTEGER NOT NULL DEFAULT 0,
    "elapsed_ms" INTEGER,
    "started_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" DATETIME,
    CONSTRAINT "workflow_node_runs_workflow_run_id_fkey" FOREIGN KEY ("workflow_run_id") REFERENCES "workflow_runs" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "plugins" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "plugin_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "entrypoints" JSONB NOT NULL,
    "config_schema" JSONB,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_by" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "plugins_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "challenges" (
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
    "created_by" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by" TEXT,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "challenges_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "challenges_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "apps" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "challenges_workflow_id_fkey" FOREIGN KEY ("workflow_id") REFERENCES "workflows" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "challenges_hero_asset_id_fkey" FOREIGN KEY ("hero_asset_id") REFERENCES "upload_files" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "challenge_attempts" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "challenge_id" TEXT NOT NULL,
    "end_user_id" TEXT NOT NULL,
    "account_id" TEXT,
    "workflow_run_id" TEXT,
    "status" TEXT NOT NULL DEFAULT 'completed',
    "succeeded" BOOLEAN NOT NULL DEFAULT false,
    "score" REAL,
    "judge_rating" INTEGER,
    "judge_feedback" TEXT,
    "judge_output_raw" JSONB,
    "tokens_total" INTEGER,
    "judge_tokens_total" INTEGER,
    "elapsed_ms" INTEGER,
    "prompt" TEXT,
    "response" TEXT,
    "error_message" TEXT,
    "idempotency_key" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "challenge_attempts_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "challenge_attempts_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "challenge_attempts_end_user_id_fkey" FOREIGN KEY ("end_user_id") REFERENCES "end_users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "challenge_attempts_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "challenge_attempts_workflow_run_id_fkey" FOREIGN KEY ("workflow_run_id") REFERENCES "workflow_runs" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "challenge_leaderboard_entries" (
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
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "challenge_leaderboard_entries_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "challenge_leaderboard_entries_end_user_id_fkey" FOREIGN KEY ("end_user_id") REFERENCES "end_users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "challenge_leaderboard_entries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "challenge_leaderboard_entries_best_attempt_id_fkey" FOREIGN KEY ("best_attempt_id") REFERENCES "challenge_attempts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "challenge_collections" (
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
    "created_by" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by" TEXT,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "challenge_collections_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "challenge_collections_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "apps" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "challenge_collection_items" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "collection_id" TEXT NOT NULL,
    "challenge_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "challenge_collection_items_collection_id_fkey" FOREIGN KEY ("collection_id") REFERENCES "challenge_collections" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "challenge_collection_items_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "red_blue_challenges" (
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
    "created_by" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by" TEXT,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "red_blue_challenges_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "red_blue_challenges_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "apps" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "red_blue_challenges_workflow_id_fkey" FOREIGN KEY ("workflow_id") REFERENCES "workflows" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "team_members" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "red_blue_challenge_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "end_user_id" TEXT,
    "team" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "team_members_red_blue_challenge_id_fkey" FOREIGN KEY ("red_blue_challenge_id") REFERENCES "red_blue_challenges" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "team_members_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "team_members_end_user_id_fkey" FOREIGN KEY ("end_user_id") REFERENCES "end_users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "team_submissions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "red_blue_challenge_id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "account_id" TEXT,
    "end_user_id" TEXT,
    "team" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "team_submissions_red_blue_challenge_id_fkey" FOREIGN KEY ("red_blue_challenge_id") REFERENCES "red_blue_challenges" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "team_submissions_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "team_submissions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "team_submissions_end_user_id_fkey" FOREIGN KEY ("end_user_id") REFERENCES "end_users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "team_pairings" (
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
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "team_pairings_red_blue_challenge_id_fkey" FOREIGN KEY ("red_blue_challenge_id") REFERENCES "red_blue_challenges" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "team_pairings_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "team_pairings_attack_submission_id_fkey" FOREIGN KEY ("attack_submission_id") REFERENCES "team_submissions" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "team_pairings_defense_submission_id_fkey" FOREIGN KEY ("defense_submission_id") REFERENCES "team_submissions" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "notification_events" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "occurred_at" DATETIME NOT NULL,
    "available_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "notification_events_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "account_id" TEXT NOT NULL,
    "event_id" TEXT,
    "type" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "link" TEXT,
    "read_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "notifications_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "notifications_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "notification_events" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "secret_encrypted" TEXT NOT NULL,
    "events" JSONB NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "webhook_endpoints_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "endpoint_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "response_status" INTEGER,
    "error" TEXT,
    "next_attempt_at" DATETIME,
    "delivered_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "notification_events" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "accounts_email_key" ON "accounts"("email");

-- CreateIndex
CREATE UNIQUE INDEX "workspaces_slug_key" ON "workspaces"("slug");

-- CreateIndex
CREATE INDEX "memberships_account_id_idx" ON "memberships"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "memberships_workspace_id_account_id_key" ON "memberships"("workspace_id", "account_id");

-- CreateIndex
CREATE INDEX "apps_tenant_id_idx" ON "apps"("tenant_id");

-- CreateIndex
CREATE INDEX "end_users_app_id_idx" ON "end_users"("app_id");

-- CreateIndex
CREATE INDEX "end_users_account_id_idx" ON "end_users"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "end_users_tenant_id_account_id_key" ON "end_users"("tenant_id", "account_id");

-- CreateIndex
CREATE UNIQUE INDEX "end_users_tenant_id_session_id_key" ON "end_users"("tenant_id", "session_id");

-- CreateIndex
CREATE INDEX "email_login_codes_email_created_at_idx" ON "email_login_codes"("email", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "api_tokens_workspace_id_idx" ON "api_tokens"("workspace_id");

-- CreateIndex
CREATE INDEX "api_tokens_created_by_idx" ON "api_tokens"("created_by");

-- CreateIndex
CREATE UNIQUE INDEX "secrets_workspace_id_name_key" ON "secrets"("workspace_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "llm_providers_workspace_id_name_key" ON "llm_providers"("workspace_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "upload_files_storage_key_key" ON "upload_files"("storage_key");

-- CreateIndex
CREATE INDEX "upload_files_tenant_id_idx" ON "upload_files"("tenant_id");

-- CreateIndex
CREATE UNIQUE INDEX "workflows_published_version_id_key" ON "workflows"("published_version_id");

-- CreateIndex
CREATE INDEX "workflows_tenant_id_idx" ON "workflows"("tenant_id");

-- CreateIndex
CREATE INDEX "workflows_app_id_idx" ON "workflows"("app_id");

-- CreateIndex
CREATE UNIQUE INDEX "workflow_versions_workflow_id_version_key" ON "workflow_versions"("workflow_id", "version");

-- CreateIndex
CREATE INDEX "workflow_runs_tenant_id_created_at_idx" ON "workflow_runs"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "workflow_runs_workflow_id_created_at_idx" ON "workflow_runs"("workflow_id", "created_at");

-- CreateIndex
CREATE INDEX "workflow_runs_workflow_version_id_idx" ON "workflow_runs"("workflow_version_id");

-- CreateIndex
CREATE INDEX "workflow_runs_end_user_id_idx" ON "workflow_runs"("end_user_id");

-- CreateIndex
CREATE INDEX "workflow_node_runs_workflow_run_id_index_idx" ON "workflow_node_runs"("workflow_run_id", "index");

-- CreateIndex
CREATE UNIQUE INDEX "plugins_tenant_id_plugin_id_key" ON "plugins"("tenant_id", "plugin_id");

-- CreateIndex
CREATE INDEX "challenges_tenant_id_created_at_idx" ON "challenges"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "challenges_app_id_idx" ON "challenges"("app_id");

-- CreateIndex
CREATE INDEX "challenges_workflow_id_idx" ON "challenges"("workflow_id");

-- CreateIndex
CREATE INDEX "challenges_hero_asset_id_idx" ON "challenges"("hero_asset_id");

-- CreateIndex
CREATE INDEX "challenges_is_active_created_at_idx" ON "challenges"("is_active", "created_at");

-- CreateIndex
CREATE INDEX "challenge_attempts_challenge_id_succeeded_created_at_idx" ON "challenge_attempts"("challenge_id", "succeeded", "created_at");

-- CreateIndex
CREATE INDEX "challenge_attempts_challenge_id_end_user_id_created_at_idx" ON "challenge_attempts"("challenge_id", "end_user_id", "created_at");

-- CreateIndex
CREATE INDEX "challenge_attempts_account_id_created_at_idx" ON "challenge_attempts"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "challenge_attempts_tenant_id_created_at_idx" ON "challenge_attempts"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "challenge_attempts_workflow_run_id_idx" ON "challenge_attempts"("workflow_run_id");

-- CreateIndex
CREATE UNIQUE INDEX "challenge_attempts_end_user_id_idempotency_key_key" ON "challenge_attempts"("end_user_id", "idempotency_key");

-- CreateIndex
CREATE INDEX "challenge_leaderboard_entries_challenge_id_achieved_at_idx" ON "challenge_leaderboard_entries"("challenge_id", "achieved_at");

-- CreateIndex
CREATE INDEX "challenge_leaderboard_entries_challenge_id_elapsed_ms_achieved_at_idx" ON "challenge_leaderboard_entries"("challenge_id", "elapsed_ms", "achieved_at");

-- CreateIndex
CREATE INDEX "challenge_leaderboard_entries_challenge_id_tokens_total_achieved_at_idx" ON "challenge_leaderboard_entries"("challenge_id", "tokens_total", "achieved_at");

-- CreateIndex
CREATE INDEX "challenge_leaderboard_entries_challenge_id_judge_rating_achieved_at_idx" ON "challenge_leaderboard_entries"("challenge_id", "judge_rating" DESC, "achieved_at");

-- CreateIndex
CREATE INDEX "challenge_leaderboard_entries_challenge_id_score_achieved_at_idx" ON "challenge_leaderboard_entries"("challenge_id", "score" DESC, "achieved_at");

-- CreateIndex
CREATE INDEX "challenge_leaderboard_entries_account_id_idx" ON "challenge_leaderboard_entries"("account_id");

-- CreateIndex
CREATE INDEX "challenge_leaderboard_entries_best_attempt_id_idx" ON "challenge_leaderboard_entries"("best_attempt_id");

-- CreateIndex
CREATE UNIQUE INDEX "challenge_leaderboard_entries_challenge_id_end_user_id_key" ON "challenge_leaderboard_entries"("challenge_id", "end_user_id");

-- CreateIndex
CREATE INDEX "challenge_collections_tenant_id_created_at_idx" ON "challenge_collections"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "challenge_collections_app_id_idx" ON "challenge_collections"("app_id");

-- CreateIndex
CREATE INDEX "challenge_collection_items_collection_id_position_idx" ON "challenge_collection_items"("collection_id", "position");

-- CreateIndex
CREATE INDEX "challenge_collection_items_challenge_id_idx" ON "challenge_collection_items"("challenge_id");

-- CreateIndex
CREATE UNIQUE INDEX "challenge_collection_items_collection_id_challenge_id_key" ON "challenge_collection_items"("collection_id", "challenge_id");

-- CreateIndex
CREATE INDEX "red_blue_challenges_tenant_id_created_at_idx" ON "red_blue_challenges"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "red_blue_challenges_app_id_idx" ON "red_blue_challenges"("app_id");

-- CreateIndex
CREATE INDEX "red_blue_challenges_workflow_id_idx" ON "red_blue_challenges"("workflow_id");

-- CreateIndex
CREATE INDEX "team_members_account_id_idx" ON "team_members"("account_id");

-- CreateIndex
CREATE INDEX "team_members_end_user_id_idx" ON "team_members"("end_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "team_members_red_blue_challenge_id_account_id_key" ON "team_members"("red_blue_challenge_id", "account_id");

-- CreateIndex
CREATE INDEX "team_submissions_red_blue_challenge_id_team_active_created_at_idx" ON "team_submissions"("red_blue_challenge_id", "team", "active", "created_at");

-- CreateIndex
CREATE INDEX "team_submissions_tenant_id_idx" ON "team_submissions"("tenant_id");

-- CreateIndex
CREATE INDEX "team_submissions_end_user_id_idx" ON "team_submissions"("end_user_id");

-- CreateIndex
CREATE INDEX "team_submissions_account_id_idx" ON "team_submissions"("account_id");

-- CreateIndex
CREATE INDEX "team_pairings_red_blue_challenge_id_created_at_idx" ON "team_pairings"("red_blue_challenge_id", "created_at");

-- CreateIndex
CREATE INDEX "team_pairings_tenant_id_idx" ON "team_pairings"("tenant_id");

-- CreateIndex
CREATE INDEX "team_pairings_attack_submission_id_idx" ON "team_pairings"("attack_submission_id");

-- CreateIndex
CREATE INDEX "team_pairings_defense_submission_id_idx" ON "team_pairings"("defense_submission_id");

-- CreateIndex
CREATE INDEX "notification_events_status_available_at_idx" ON "notification_events"("status", "available_at");

-- CreateIndex
CREATE INDEX "notification_events_tenant_id_created_at_idx" ON "notification_events"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "notifications_account_id_created_at_idx" ON "notifications"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "notifications_account_id_read_at_idx" ON "notifications"("account_id", "read_at");

-- CreateIndex
CREATE INDEX "notifications_event_id_idx" ON "notifications"("event_id");

-- CreateIndex
CREATE INDEX "webhook_endpoints_tenant_id_idx" ON "webhook_endpoints"("tenant_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries"("event_id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_id_event_id_key" ON "webhook_deliveries"("endpoint_id", "event_id");
