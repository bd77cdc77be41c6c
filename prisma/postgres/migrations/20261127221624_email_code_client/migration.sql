-- AlterTable
ALTER TABLE "email_login_codes" ADD COLUMN     "client_hash" TEXT NOT NULL DEFAULT '';
