-- The (status, lease_until) index led SQLite to count a player's completed attempts by scanning
-- every completed attempt of every challenge (status was its only equality term); claims are
-- found by their lease alone.

-- DropIndex
DROP INDEX "challenge_attempts_status_lease_until_idx";

-- CreateIndex
CREATE INDEX "challenge_attempts_lease_until_idx" ON "challenge_attempts"("lease_until");

-- A pending claim always holds a lease from now on (the start-up sweep finds claims by their
-- lease); claims left from before leases existed get one that has already run out.
UPDATE "challenge_attempts" SET "lease_until" = "created_at" WHERE "status" = 'pending' AND "lease_until" IS NULL;
