-- CreateIndex
CREATE INDEX "payments_activatedAt_idx" ON "payments"("activatedAt");

-- CreateIndex
CREATE INDEX "payments_refundedAt_idx" ON "payments"("refundedAt");
