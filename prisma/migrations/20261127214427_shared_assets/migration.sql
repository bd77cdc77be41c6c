-- CreateTable
CREATE TABLE "asset_blobs" (
    "asset_id" TEXT NOT NULL PRIMARY KEY,
    "bytes" BLOB NOT NULL,
    CONSTRAINT "asset_blobs_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "upload_files" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable: a column added in place. Redefining upload_files would drop the old table with
-- foreign keys on (migrations run in one transaction, where PRAGMA foreign_keys is ignored),
-- and that drop would clear every challenge's hero_asset_id.
ALTER TABLE "upload_files" ADD COLUMN "store" TEXT NOT NULL DEFAULT 'file';

-- CreateIndex
CREATE INDEX "upload_files_store_idx" ON "upload_files"("store");
