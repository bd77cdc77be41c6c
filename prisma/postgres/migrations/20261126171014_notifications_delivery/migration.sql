-- DropIndex
DROP INDEX "notifications_event_id_idx";

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "emailed_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "event_type" TEXT NOT NULL,
ADD COLUMN     "message_id" TEXT NOT NULL,
ADD COLUMN     "payload" JSONB NOT NULL,
ALTER COLUMN "event_id" DROP NOT NULL;

-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "description" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "disabled_at" TIMESTAMP(3),
ADD COLUMN     "disabled_reason" TEXT;

-- CreateTable
CREATE TABLE "webhook_delivery_attempts" (
    "id" TEXT NOT NULL,
    "delivery_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "request_headers" JSONB NOT NULL,
    "request_body" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_excerpt" TEXT,
    "error" TEXT,
    "duration_ms" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_delivery_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "jobs" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT,
    "queue" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL,
    "run_at" TIMESTAMP(3) NOT NULL,
    "lease_until" TIMESTAMP(3),
    "locked_by" TEXT,
    "last_error" TEXT,
    "singleton_key" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "instance_settings" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "instance_settings_pkey" PRIMARY KEY ("key")
);

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

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_idx" ON "webhook_deliveries"("endpoint_id", "created_at");

-- AddForeignKey
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
