-- AlterTable: a column added in place (nothing to redefine).
ALTER TABLE "email_login_codes" ADD COLUMN "client_hash" TEXT NOT NULL DEFAULT '';
