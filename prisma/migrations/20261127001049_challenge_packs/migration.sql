-- CreateTable
CREATE TABLE "challenge_packs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenant_id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "family" TEXT NOT NULL,
    "description" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "challenge_packs_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "workspaces" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "challenge_pack_versions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "challenge_pack_id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "content_hash" TEXT NOT NULL,
    "execution_mode" TEXT NOT NULL,
    "evaluation_spec_id" TEXT NOT NULL,
    "manifest" JSONB NOT NULL,
    "source_yaml" TEXT NOT NULL,
    "created_by_id" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "challenge_pack_versions_challenge_pack_id_fkey" FOREIGN KEY ("challenge_pack_id") REFERENCES "challenge_packs" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "challenge_pack_input_sets" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "challenge_pack_version_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "case_count" INTEGER NOT NULL,
    CONSTRAINT "challenge_pack_input_sets_challenge_pack_version_id_fkey" FOREIGN KEY ("challenge_pack_version_id") REFERENCES "challenge_pack_versions" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "challenge_packs_tenant_id_slug_key" ON "challenge_packs"("tenant_id", "slug");

-- CreateIndex
CREATE INDEX "challenge_pack_versions_tenant_id_idx" ON "challenge_pack_versions"("tenant_id");

-- CreateIndex
CREATE UNIQUE INDEX "challenge_pack_versions_challenge_pack_id_number_key" ON "challenge_pack_versions"("challenge_pack_id", "number");

-- CreateIndex
CREATE UNIQUE INDEX "challenge_pack_input_sets_challenge_pack_version_id_key_key" ON "challenge_pack_input_sets"("challenge_pack_version_id", "key");
