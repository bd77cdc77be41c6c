-- CreateTable
CREATE TABLE "event_codes" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "workspace_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "max_uses" INTEGER NOT NULL,
    "uses" INTEGER NOT NULL DEFAULT 0,
    "expires_at" DATETIME NOT NULL,
    "revoked_at" DATETIME,
    "created_by" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "event_codes_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "event_codes_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "accounts" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "event_codes_code_key" ON "event_codes"("code");

-- CreateIndex
CREATE INDEX "event_codes_workspace_id_idx" ON "event_codes"("workspace_id");

-- CreateIndex
CREATE INDEX "event_codes_created_by_idx" ON "event_codes"("created_by");
