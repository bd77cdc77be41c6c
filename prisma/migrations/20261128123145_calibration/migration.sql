-- CreateTable
CREATE TABLE "calibration_examples" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "challenge_id" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "kind" TEXT,
    "text" TEXT,
    "attempt_id" TEXT,
    "created_by" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "calibration_examples_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "calibration_runs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "challenge_id" TEXT NOT NULL,
    "workflow_version_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "samples" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL,
    "completed" INTEGER NOT NULL DEFAULT 0,
    "thresholds" JSONB NOT NULL,
    "report" JSONB,
    "error" TEXT,
    "created_by" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" DATETIME,
    CONSTRAINT "calibration_runs_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "calibration_samples" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "run_id" TEXT NOT NULL,
    "example_id" TEXT NOT NULL,
    "sample_index" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "rating" REAL,
    "evidence" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "calibration_samples_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "calibration_runs" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "calibration_settings" (
    "challenge_id" TEXT NOT NULL PRIMARY KEY,
    "samples" INTEGER NOT NULL DEFAULT 3,
    "max_false_wins" INTEGER NOT NULL DEFAULT 0,
    "max_flip_rate" REAL NOT NULL DEFAULT 0.1,
    "min_agreement" REAL NOT NULL DEFAULT 0.9,
    "updated_by" TEXT,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "calibration_settings_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "calibration_examples_challenge_id_idx" ON "calibration_examples"("challenge_id");

-- CreateIndex
CREATE INDEX "calibration_runs_challenge_id_created_at_idx" ON "calibration_runs"("challenge_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "calibration_samples_run_id_example_id_sample_index_key" ON "calibration_samples"("run_id", "example_id", "sample_index");
