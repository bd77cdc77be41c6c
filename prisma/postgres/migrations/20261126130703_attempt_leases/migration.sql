-- AlterTable
ALTER TABLE "challenge_attempts" ADD COLUMN     "lease_owner" TEXT,
ADD COLUMN     "lease_until" TIMESTAMP(3),
ADD COLUMN     "prompt_hash" TEXT;

-- CreateIndex
CREATE INDEX "challenge_attempts_status_lease_until_idx" ON "challenge_attempts"("status", "lease_until");
