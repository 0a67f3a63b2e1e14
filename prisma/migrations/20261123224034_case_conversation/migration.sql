-- AlterEnum
ALTER TYPE "FileCategory" ADD VALUE 'message';

-- AlterTable
ALTER TABLE "case_files" ADD COLUMN     "messageId" INTEGER;

-- CreateTable
CREATE TABLE "case_messages" (
    "id" SERIAL NOT NULL,
    "caseId" INTEGER NOT NULL,
    "authorId" INTEGER,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "editedAt" TIMESTAMP(3),

    CONSTRAINT "case_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "case_read_markers" (
    "caseId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "lastReadMessageId" INTEGER NOT NULL,
    "readAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "case_read_markers_pkey" PRIMARY KEY ("caseId","userId")
);

-- CreateIndex
CREATE INDEX "case_messages_caseId_id_idx" ON "case_messages"("caseId", "id");

-- CreateIndex
CREATE INDEX "case_read_markers_userId_idx" ON "case_read_markers"("userId");

-- CreateIndex
CREATE INDEX "case_files_messageId_idx" ON "case_files"("messageId");

-- AddForeignKey
ALTER TABLE "case_files" ADD CONSTRAINT "case_files_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "case_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "case_messages" ADD CONSTRAINT "case_messages_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "cases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "case_messages" ADD CONSTRAINT "case_messages_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "case_read_markers" ADD CONSTRAINT "case_read_markers_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "cases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "case_read_markers" ADD CONSTRAINT "case_read_markers_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
