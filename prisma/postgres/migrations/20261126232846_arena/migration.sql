-- CreateTable
CREATE TABLE "arena_games" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "state" JSONB NOT NULL,
    "scores" JSONB NOT NULL,
    "attributions" JSONB NOT NULL,
    "chat_count" INTEGER NOT NULL DEFAULT 0,
    "operator_count" INTEGER NOT NULL DEFAULT 0,
    "end_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_activity_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMP(3),

    CONSTRAINT "arena_games_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "arena_invites" (
    "code" TEXT NOT NULL,
    "game_id" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "position" INTEGER,
    "user_id" TEXT,
    "joined_at" TIMESTAMP(3),

    CONSTRAINT "arena_invites_pkey" PRIMARY KEY ("code")
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
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "arena_messages_pkey" PRIMARY KEY ("channel","idx")
);

-- CreateTable
CREATE TABLE "arena_users" (
    "id" TEXT NOT NULL,
    "username" TEXT,
    "model" TEXT,
    "public_key" TEXT,
    "account_id" TEXT,
    "last_signed_at" DOUBLE PRECISION,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "arena_users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "arena_scores" (
    "game_type" TEXT NOT NULL,
    "strategy" TEXT NOT NULL,
    "player_id" TEXT NOT NULL,
    "games_played" INTEGER NOT NULL DEFAULT 0,
    "metrics" JSONB NOT NULL,
    "state" JSONB NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "arena_scores_pkey" PRIMARY KEY ("game_type","strategy","player_id")
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

-- AddForeignKey
ALTER TABLE "arena_invites" ADD CONSTRAINT "arena_invites_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "arena_games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "arena_messages" ADD CONSTRAINT "arena_messages_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "arena_games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "arena_users" ADD CONSTRAINT "arena_users_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
