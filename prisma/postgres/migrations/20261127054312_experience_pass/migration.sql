-- AlterTable
ALTER TABLE "challenge_collections" ADD COLUMN     "gated" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "challenge_leaderboard_entries" ADD COLUMN     "hint_cost" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "challenges" ADD COLUMN     "allow_guests" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "allow_secret_claims" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "guests_on_boards" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "refusal_message" TEXT,
ADD COLUMN     "win_message" TEXT;

-- CreateTable
CREATE TABLE "challenge_hints" (
    "id" TEXT NOT NULL,
    "challenge_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "body" TEXT NOT NULL,
    "cost" INTEGER NOT NULL DEFAULT 0,
    "unlock_after_failures" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "challenge_hints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "challenge_hint_unlocks" (
    "id" TEXT NOT NULL,
    "hint_id" TEXT NOT NULL,
    "challenge_id" TEXT NOT NULL,
    "end_user_id" TEXT NOT NULL,
    "account_id" TEXT,
    "cost" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "challenge_hint_unlocks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "challenge_hints_challenge_id_position_idx" ON "challenge_hints"("challenge_id", "position");

-- CreateIndex
CREATE INDEX "challenge_hint_unlocks_challenge_id_end_user_id_idx" ON "challenge_hint_unlocks"("challenge_id", "end_user_id");

-- CreateIndex
CREATE INDEX "challenge_hint_unlocks_end_user_id_idx" ON "challenge_hint_unlocks"("end_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "challenge_hint_unlocks_hint_id_end_user_id_key" ON "challenge_hint_unlocks"("hint_id", "end_user_id");

-- AddForeignKey
ALTER TABLE "challenge_hints" ADD CONSTRAINT "challenge_hints_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenge_hint_unlocks" ADD CONSTRAINT "challenge_hint_unlocks_hint_id_fkey" FOREIGN KEY ("hint_id") REFERENCES "challenge_hints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenge_hint_unlocks" ADD CONSTRAINT "challenge_hint_unlocks_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenge_hint_unlocks" ADD CONSTRAINT "challenge_hint_unlocks_end_user_id_fkey" FOREIGN KEY ("end_user_id") REFERENCES "end_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
