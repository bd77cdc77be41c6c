-- AlterTable
ALTER TABLE "calibration_runs" ADD COLUMN     "draft_graph" JSONB,
ADD COLUMN     "graph_hash" TEXT,
ALTER COLUMN "workflow_version_id" DROP NOT NULL,
ALTER COLUMN "version" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "calibration_runs_challenge_id_graph_hash_idx" ON "calibration_runs"("challenge_id", "graph_hash");
