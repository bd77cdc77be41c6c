-- CreateTable
CREATE TABLE "verdict_reviews" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "challenge_id" TEXT NOT NULL,
    "attempt_id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "decision" TEXT,
    "verdict" TEXT,
    "from_verdict" TEXT,
    "note" TEXT,
    "decided_by_id" TEXT,
    "decided_by_name" TEXT,
    "decided_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "verdict_reviews_attempt_id_fkey" FOREIGN KEY ("attempt_id") REFERENCES "challenge_attempts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "verdict_flags" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "attempt_id" TEXT NOT NULL,
    "end_user_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "details" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "verdict_flags_attempt_id_fkey" FOREIGN KEY ("attempt_id") REFERENCES "challenge_attempts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "verdict_reviews_attempt_id_key" ON "verdict_reviews"("attempt_id");

-- CreateIndex
CREATE INDEX "verdict_reviews_tenant_id_status_created_at_idx" ON "verdict_reviews"("tenant_id", "status", "created_at");

-- CreateIndex
CREATE INDEX "verdict_reviews_challenge_id_status_idx" ON "verdict_reviews"("challenge_id", "status");

-- CreateIndex
CREATE INDEX "verdict_flags_tenant_id_end_user_id_idx" ON "verdict_flags"("tenant_id", "end_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "verdict_flags_attempt_id_end_user_id_key" ON "verdict_flags"("attempt_id", "end_user_id");
