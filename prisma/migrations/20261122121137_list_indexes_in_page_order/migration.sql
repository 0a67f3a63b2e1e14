-- CreateIndex
CREATE INDEX "cases_vetId_createdAt_id_idx" ON "cases"("vetId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "cases_specialistId_createdAt_id_idx" ON "cases"("specialistId", "createdAt" DESC, "id" DESC);
