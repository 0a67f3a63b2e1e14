-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "pricedTerms" JSONB,
ADD COLUMN     "refundDueAmount" INTEGER,
ADD COLUMN     "refundReason" TEXT,
ADD COLUMN     "taxLines" JSONB;
