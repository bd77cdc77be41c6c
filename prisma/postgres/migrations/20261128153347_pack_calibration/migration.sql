-- CreateTable
CREATE TABLE "pack_calibration_outputs" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "challenge_pack_version_id" TEXT NOT NULL,
    "input_set_key" TEXT NOT NULL,
    "case_key" TEXT NOT NULL,
    "judge_key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'creator',
    "text" TEXT NOT NULL,
    "created_by" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "pack_calibration_outputs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pack_calibration_runs" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "challenge_pack_version_id" TEXT NOT NULL,
    "samples" INTEGER NOT NULL,
    "judge_models" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL,
    "completed" INTEGER NOT NULL DEFAULT 0,
    "thresholds" JSONB NOT NULL,
    "report" JSONB,
    "error" TEXT,
    "created_by" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "pack_calibration_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pack_calibration_samples" (
    "id" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "output_id" TEXT NOT NULL,
    "sample_index" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "rating" DOUBLE PRECISION,
    "evidence" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pack_calibration_samples_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "pack_calibration_outputs_challenge_pack_version_id_created__idx" ON "pack_calibration_outputs"("challenge_pack_version_id", "created_at");

-- CreateIndex
CREATE INDEX "pack_calibration_runs_challenge_pack_version_id_created_at_idx" ON "pack_calibration_runs"("challenge_pack_version_id", "created_at");

-- CreateIndex
CREATE INDEX "pack_calibration_runs_tenant_id_status_idx" ON "pack_calibration_runs"("tenant_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "pack_calibration_samples_run_id_output_id_sample_index_key" ON "pack_calibration_samples"("run_id", "output_id", "sample_index");

-- AddForeignKey
ALTER TABLE "pack_calibration_outputs" ADD CONSTRAINT "pack_calibration_outputs_challenge_pack_version_id_fkey" FOREIGN KEY ("challenge_pack_version_id") REFERENCES "challenge_pack_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pack_calibration_runs" ADD CONSTRAINT "pack_calibration_runs_challenge_pack_version_id_fkey" FOREIGN KEY ("challenge_pack_version_id") REFERENCES "challenge_pack_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pack_calibration_samples" ADD CONSTRAINT "pack_calibration_samples_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "pack_calibration_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
