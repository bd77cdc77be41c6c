-- AlterTable
ALTER TABLE "upload_files" ADD COLUMN     "store" TEXT NOT NULL DEFAULT 'file';

-- CreateTable
CREATE TABLE "asset_blobs" (
    "asset_id" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,

    CONSTRAINT "asset_blobs_pkey" PRIMARY KEY ("asset_id")
);

-- CreateIndex
CREATE INDEX "upload_files_store_idx" ON "upload_files"("store");

-- AddForeignKey
ALTER TABLE "asset_blobs" ADD CONSTRAINT "asset_blobs_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "upload_files"("id") ON DELETE CASCADE ON UPDATE CASCADE;
