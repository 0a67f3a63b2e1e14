-- AlterTable
ALTER TABLE "cases" ADD COLUMN     "summaryDraft" TEXT;
