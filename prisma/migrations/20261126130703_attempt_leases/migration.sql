-- AlterTable
ALTER TABLE "challenge_attempts" ADD COLUMN "lease_owner" TEXT;
ALTER TABLE "challenge_attempts" ADD COLUMN "lease_until" DATETIME;
ALTER TABLE "challenge_attempts" ADD COLUMN "prompt_hash" TEXT;

-- CreateIndex
CREATE INDEX "challenge_attempts_status_lease_until_idx" ON "challenge_attempts"("status", "lease_until");
