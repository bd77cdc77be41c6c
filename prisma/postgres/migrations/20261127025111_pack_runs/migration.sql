-- CreateTable
CREATE TABLE "pack_runs" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "challenge_pack_version_id" TEXT NOT NULL,
    "input_set_key" TEXT,
    "models" JSONB NOT NULL,
    "options" JSONB NOT NULL,
    "status" TEXT NOT NULL,
    "total_cases" INTEGER NOT NULL,
    "done_cases" INTEGER NOT NULL DEFAULT 0,
    "passed_cases" INTEGER NOT NULL DEFAULT 0,
    "error_cases" INTEGER NOT NULL DEFAULT 0,
    "sandbox_cases" INTEGER NOT NULL DEFAULT 0,
    "tokens" INTEGER NOT NULL DEFAULT 0,
    "cost_usd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "judge_tokens" INTEGER NOT NULL DEFAULT 0,
    "judge_cost_usd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "summary" JSONB,
    "error" TEXT,
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pack_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pack_run_cases" (
    "id" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "model_ref" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "input_set_key" TEXT NOT NULL,
    "challenge_key" TEXT NOT NULL,
    "case_key" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "output" TEXT,
    "result" JSONB,
    "overall" DOUBLE PRECISION,
    "latency_ms" INTEGER,
    "tokens" INTEGER,
    "cost_usd" DOUBLE PRECISION,
    "error" TEXT,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "pack_run_cases_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "pack_runs_tenant_id_created_at_idx" ON "pack_runs"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "pack_runs_challenge_pack_version_id_idx" ON "pack_runs"("challenge_pack_version_id");

-- CreateIndex
CREATE INDEX "pack_run_cases_run_id_status_idx" ON "pack_run_cases"("run_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "pack_run_cases_run_id_ordinal_key" ON "pack_run_cases"("run_id", "ordinal");

-- AddForeignKey
ALTER TABLE "pack_runs" ADD CONSTRAINT "pack_runs_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pack_runs" ADD CONSTRAINT "pack_runs_challenge_pack_version_id_fkey" FOREIGN KEY ("challenge_pack_version_id") REFERENCES "challenge_pack_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pack_run_cases" ADD CONSTRAINT "pack_run_cases_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "pack_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
