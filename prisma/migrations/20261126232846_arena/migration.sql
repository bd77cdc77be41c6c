-- CreateTable
CREATE TABLE "arena_games" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "state" JSONB NOT NULL,
    "scores" JSONB NOT NULL,
    "attributions" JSONB NOT NULL,
    "chat_count" INTEGER NOT NULL DEFAULT 0,
    "operator_count" INTEGER NOT NULL DEFAULT 0,
    "end_reason" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_activity_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" DATETIME
);

-- CreateTable
CREATE TABLE "arena_invites" (
    "code" TEXT NOT NULL PRIMARY KEY,
    "game_id" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "position" INTEGER,
    "user_id" TEXT,
    "joined_at" DATETIME,
    CONSTRAINT "arena_invites_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "arena_games" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "arena_messages" (
    "channel" TEXT NOT NULL,
    "idx" INTEGER NOT NULL,
    "game_id" TEXT NOT NULL,
    "sender" TEXT NOT NULL,
    "recipient" TEXT,
    "content" TEXT NOT NULL,
    "type" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("channel", "idx"),
    CONSTRAINT "arena_messages_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "arena_games" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "arena_users" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "username" TEXT,
    "model" TEXT,
    "public_key" TEXT,
    "account_id" TEXT,
    "last_signed_at" REAL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "arena_users_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "arena_scores" (
    "game_type" TEXT NOT NULL,
    "strategy" TEXT NOT NULL,
    "player_id" TEXT NOT NULL,
    "games_played" INTEGER NOT NULL DEFAULT 0,
    "metrics" JSONB NOT NULL,
    "state" JSONB NOT NULL,
    "updated_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("game_type", "strategy", "player_id")
);

-- CreateIndex
CREATE INDEX "arena_games_type_created_at_idx" ON "arena_games"("type", "created_at");

-- CreateIndex
CREATE INDEX "arena_games_status_created_at_idx" ON "arena_games"("status", "created_at");

-- CreateIndex
CREATE INDEX "arena_games_status_last_activity_at_idx" ON "arena_games"("status", "last_activity_at");

-- CreateIndex
CREATE INDEX "arena_invites_user_id_idx" ON "arena_invites"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "arena_invites_game_id_slot_key" ON "arena_invites"("game_id", "slot");

-- CreateIndex
CREATE UNIQUE INDEX "arena_invites_game_id_position_key" ON "arena_invites"("game_id", "position");

-- CreateIndex
CREATE INDEX "arena_messages_game_id_idx" ON "arena_messages"("game_id");

-- CreateIndex
CREATE INDEX "arena_users_account_id_idx" ON "arena_users"("account_id");

-- CreateIndex
CREATE INDEX "arena_scores_player_id_idx" ON "arena_scores"("player_id");
