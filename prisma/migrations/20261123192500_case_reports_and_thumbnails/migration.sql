-- CreateEnum
CREATE TYPE "ReportStatus" AS ENUM ('pending', 'ready', 'failed');

-- AlterTable
ALTER TABLE "case_files" ADD COLUMN     "thumbnailKey" TEXT;

-- CreateTable
CREATE TABLE "case_reports" (
    "caseId" INTEGER NOT NULL,
    "status" "ReportStatus" NOT NULL DEFAULT 'pending',
    "storageKey" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "requestedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "generatedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "case_reports_pkey" PRIMARY KEY ("caseId")
);

-- CreateIndex
CREATE INDEX "case_reports_status_idx" ON "case_reports"("status");

-- AddForeignKey
ALTER TABLE "case_reports" ADD CONSTRAINT "case_reports_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "cases"("id") ON DELETE CASCADE ON UPDATE CASCADE;
