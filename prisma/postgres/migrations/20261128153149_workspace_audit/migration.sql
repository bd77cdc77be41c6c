-- CreateTable
CREATE TABLE "workspace_audit_log" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "actor_id" TEXT,
    "actor_email" TEXT,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "reason" TEXT,
    "details" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workspace_audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "workspace_audit_log_tenant_id_created_at_idx" ON "workspace_audit_log"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "workspace_audit_log_target_type_target_id_idx" ON "workspace_audit_log"("target_type", "target_id");

-- AddForeignKey
ALTER TABLE "workspace_audit_log" ADD CONSTRAINT "workspace_audit_log_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
