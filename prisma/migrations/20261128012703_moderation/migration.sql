-- CreateTable
CREATE TABLE "listing_reports" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "reporter_id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "details" TEXT,
    "status" TEXT NOT NULL DEFAULT 'open',
    "resolved_by" TEXT,
    "resolved_at" DATETIME,
    "resolution" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "listing_reports_reporter_id_fkey" FOREIGN KEY ("reporter_id") REFERENCES "accounts" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "listing_reports_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "admin_audit_log" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "actor_id" TEXT,
    "actor_email" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "target_name" TEXT,
    "reason" TEXT,
    "details" JSONB,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- AlterTable: columns added in place (nothing to redefine). Existing workspaces are approved by
-- the column's default, so nothing listed before disappears; new ones get their approval from
-- the workspace-creation service (LISTING_APPROVAL).
ALTER TABLE "accounts" ADD COLUMN "instance_admin" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "challenge_collections" ADD COLUMN "listing" TEXT NOT NULL DEFAULT 'normal';
ALTER TABLE "challenges" ADD COLUMN "listing" TEXT NOT NULL DEFAULT 'normal';
ALTER TABLE "red_blue_challenges" ADD COLUMN "listing" TEXT NOT NULL DEFAULT 'normal';
ALTER TABLE "workspaces" ADD COLUMN "listing_approval" TEXT NOT NULL DEFAULT 'approved';

-- CreateIndex
CREATE INDEX "listing_reports_status_created_at_idx" ON "listing_reports"("status", "created_at");

-- CreateIndex
CREATE INDEX "listing_reports_reporter_id_created_at_idx" ON "listing_reports"("reporter_id", "created_at");

-- CreateIndex
CREATE INDEX "listing_reports_tenant_id_idx" ON "listing_reports"("tenant_id");

-- CreateIndex
CREATE INDEX "listing_reports_target_type_target_id_idx" ON "listing_reports"("target_type", "target_id");

-- CreateIndex
CREATE INDEX "admin_audit_log_created_at_idx" ON "admin_audit_log"("created_at");

-- CreateIndex
CREATE INDEX "admin_audit_log_target_type_target_id_idx" ON "admin_audit_log"("target_type", "target_id");
