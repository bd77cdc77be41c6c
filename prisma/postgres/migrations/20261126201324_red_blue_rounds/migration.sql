-- AlterTable
ALTER TABLE "red_blue_challenges" ADD COLUMN     "settings" JSONB NOT NULL DEFAULT '{}';

-- AlterTable
ALTER TABLE "team_pairings" ADD COLUMN     "attack_account_id" TEXT,
ADD COLUMN     "defense_account_id" TEXT,
ADD COLUMN     "initiator" TEXT NOT NULL DEFAULT 'red',
ADD COLUMN     "model_output" TEXT;

-- AlterTable
ALTER TABLE "team_submissions" ADD COLUMN     "idempotency_key" TEXT,
ADD COLUMN     "result" JSONB,
ADD COLUMN     "utility_passed" BOOLEAN;

-- CreateTable
CREATE TABLE "team_rotations" (
    "id" TEXT NOT NULL,
    "red_blue_challenge_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "team" TEXT NOT NULL,
    "opponent_account_id" TEXT NOT NULL,
    "picks" INTEGER NOT NULL DEFAULT 0,
    "last_picked_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "team_rotations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "team_rotations_red_blue_challenge_id_account_id_team_oppone_key" ON "team_rotations"("red_blue_challenge_id", "account_id", "team", "opponent_account_id");

-- CreateIndex
CREATE INDEX "team_pairings_red_blue_challenge_id_attack_account_id_idx" ON "team_pairings"("red_blue_challenge_id", "attack_account_id");

-- CreateIndex
CREATE INDEX "team_pairings_red_blue_challenge_id_defense_account_id_idx" ON "team_pairings"("red_blue_challenge_id", "defense_account_id");

-- CreateIndex
CREATE UNIQUE INDEX "team_submissions_red_blue_challenge_id_account_id_idempoten_key" ON "team_submissions"("red_blue_challenge_id", "account_id", "idempotency_key");

-- AddForeignKey
ALTER TABLE "team_rotations" ADD CONSTRAINT "team_rotations_red_blue_challenge_id_fkey" FOREIGN KEY ("red_blue_challenge_id") REFERENCES "red_blue_challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;
