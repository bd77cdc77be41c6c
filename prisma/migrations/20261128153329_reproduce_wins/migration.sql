-- AlterTable
ALTER TABLE "challenge_attempts" ADD COLUMN "repro_runs" INTEGER;
ALTER TABLE "challenge_attempts" ADD COLUMN "repro_wins" INTEGER;

-- AlterTable
ALTER TABLE "challenges" ADD COLUMN "reproduce_runs" INTEGER;
ALTER TABLE "challenges" ADD COLUMN "reproduce_wins" INTEGER;
