-- DropIndex
DROP INDEX "notifications_event_id_idx";

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN "emailed_at" DATETIME;

-- CreateTable
CREATE TABLE "webhook_delivery_attempts" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "delivery_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "request_headers" JSONB NOT NULL,
    "request_body" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_excerpt" TEXT,
    "error" TEXT,
    "duration_ms" INTEGER NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhook_delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "jobs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT,
    "queue" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL,
    "run_at" DATETIME NOT NULL,
    "lease_until" DATETIME,
    "locked_by" TEXT,
    "last_error" TEXT,
    "singleton_key" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" DATETIME
);

-- CreateTable
CREATE TABLE "instance_settings" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "updated_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_webhook_deliveries" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "endpoint_id" TEXT NOT NULL,
    "event_id" TEXT,
    "message_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "response_status" INTEGER,
    "error" TEXT,
    "next_attempt_at" DATETIME,
    "delivered_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "notification_events" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_webhook_deliveries" ("attempt", "created_at", "delivered_at", "endpoint_id", "error", "event_id", "id", "next_attempt_at", "response_status", "status") SELECT "attempt", "created_at", "delivered_at", "endpoint_id", "error", "event_id", "id", "next_attempt_at", "response_status", "status" FROM "webhook_deliveries";
DROP TABLE "webhook_deliveries";
ALTER TABLE "new_webhook_deliveries" RENAME TO "webhook_deliveries";
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_idx" ON "webhook_deliveries"("endpoint_id", "created_at");
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");
CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries"("event_id");
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_id_event_id_key" ON "webhook_deliveries"("endpoint_id", "event_id");
CREATE TABLE "new_webhook_endpoints" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "secret_encrypted" TEXT NOT NULL,
    "events" JSONB NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "disabled_at" DATETIME,
    "disabled_reason" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "webhook_endpoints_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_webhook_endpoints" ("created_at", "events", "id", "is_active", "secret_encrypted", "tenant_id", "updated_at", "url") SELECT "created_at", "events", "id", "is_active", "secret_encrypted", "tenant_id", "updated_at", "url" FROM "webhook_endpoints";
DROP TABLE "webhook_endpoints";
ALTER TABLE "new_webhook_endpoints" RENAME TO "webhook_endpoints";
CREATE INDEX "webhook_endpoints_tenant_id_idx" ON "webhook_endpoints"("tenant_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "webhook_delivery_attempts_delivery_id_number_key" ON "webhook_delivery_attempts"("delivery_id", "number");

-- CreateIndex
CREATE UNIQUE INDEX "jobs_singleton_key_key" ON "jobs"("singleton_key");

-- CreateIndex
CREATE INDEX "jobs_status_run_at_idx" ON "jobs"("status", "run_at");

-- CreateIndex
CREATE INDEX "jobs_lease_until_idx" ON "jobs"("lease_until");

-- CreateIndex
CREATE INDEX "jobs_queue_status_idx" ON "jobs"("queue", "status");

-- CreateIndex
CREATE INDEX "jobs_tenant_id_status_idx" ON "jobs"("tenant_id", "status");

-- CreateIndex
CREATE INDEX "notifications_account_id_emailed_at_idx" ON "notifications"("account_id", "emailed_at");

-- CreateIndex
CREATE UNIQUE INDEX "notifications_event_id_account_id_key" ON "notifications"("event_id", "account_id");
