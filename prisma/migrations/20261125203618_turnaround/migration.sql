-- CreateEnum
CREATE TYPE "CaseUrgency" AS ENUM ('routine', 'priority', 'stat');

-- CreateEnum
CREATE TYPE "CaseRouting" AS ENUM ('named', 'first_available');

-- AlterEnum
ALTER TYPE "CaseStatus" ADD VALUE 'cancelled';

-- AlterTable
ALTER TABLE "cases" ADD COLUMN     "activatedAt" TIMESTAMP(3),
ADD COLUMN     "cancelReason" TEXT,
ADD COLUMN     "cancelledAt" TIMESTAMP(3),
ADD COLUMN     "dueAt" TIMESTAMP(3),
ADD COLUMN     "routing" "CaseRouting" NOT NULL DEFAULT 'named',
ADD COLUMN     "urgency" "CaseUrgency" NOT NULL DEFAULT 'routine';

-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "providerRefundId" TEXT,
ADD COLUMN     "refundAmount" INTEGER,
ADD COLUMN     "refundedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "case_declines" (
    "id" SERIAL NOT NULL,
    "caseId" INTEGER NOT NULL,
    "specialistId" INTEGER,
    "reason" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "case_declines_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "case_declines_caseId_createdAt_idx" ON "case_declines"("caseId", "createdAt");

-- CreateIndex
CREATE INDEX "case_declines_specialistId_idx" ON "case_declines"("specialistId");

-- CreateIndex
CREATE INDEX "cases_status_dueAt_idx" ON "cases"("status", "dueAt");

-- CreateIndex
CREATE INDEX "cases_activatedAt_idx" ON "cases"("activatedAt");

-- CreateIndex
CREATE INDEX "cases_specialty_activatedAt_idx" ON "cases"("specialty", "activatedAt");

-- CreateIndex
CREATE INDEX "cases_specialistId_status_idx" ON "cases"("specialistId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "payments_providerRefundId_key" ON "payments"("providerRefundId");

-- AddForeignKey
ALTER TABLE "case_declines" ADD CONSTRAINT "case_declines_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "cases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "case_declines" ADD CONSTRAINT "case_declines_specialistId_fkey" FOREIGN KEY ("specialistId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Backfill (issue 19): every case already submitted (paid, or free) gets its activation time (the payment's
-- activation, else the case's creation) and the routine window of 48 hours from it.
UPDATE "cases" AS c
SET "activatedAt" = COALESCE(
  (SELECT MIN(p."activatedAt") FROM "payments" AS p WHERE p."caseId" = c."id" AND p."activatedAt" IS NOT NULL),
  c."createdAt"
)
WHERE c."status" IN ('pending', 'accepted', 'reviewed') AND c."activatedAt" IS NULL;

UPDATE "cases"
SET "dueAt" = "activatedAt" + INTERVAL '48 hours'
WHERE "activatedAt" IS NOT NULL AND "dueAt" IS NULL;
