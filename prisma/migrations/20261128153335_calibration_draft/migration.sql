-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_calibration_runs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "challenge_id" TEXT NOT NULL,
    "workflow_version_id" TEXT,
    "version" INTEGER,
    "graph_hash" TEXT,
    "draft_graph" JSONB,
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
INSERT INTO "new_calibration_runs" ("challenge_id", "completed", "created_at", "created_by", "error", "finished_at", "id", "report", "samples", "status", "tenant_id", "thresholds", "total", "version", "workflow_version_id") SELECT "challenge_id", "completed", "created_at", "created_by", "error", "finished_at", "id", "report", "samples", "status", "tenant_id", "thresholds", "total", "version", "workflow_version_id" FROM "calibration_runs";
DROP TABLE "calibration_runs";
ALTER TABLE "new_calibration_runs" RENAME TO "calibration_runs";
CREATE INDEX "calibration_runs_challenge_id_created_at_idx" ON "calibration_runs"("challenge_id", "created_at");
CREATE INDEX "calibration_runs_challenge_id_graph_hash_idx" ON "calibration_runs"("challenge_id", "graph_hash");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
