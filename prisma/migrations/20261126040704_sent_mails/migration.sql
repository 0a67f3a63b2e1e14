-- CreateTable
CREATE TABLE "sent_mails" (
    "key" TEXT NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sent_mails_pkey" PRIMARY KEY ("key")
);
