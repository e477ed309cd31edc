-- Confirmation e-mails (docs/decisions.md "Confirmation e-mails"): the outbox written in the
-- transaction of the change and sent after commit; the per-user switch for result mails.
-- AlterTable
ALTER TABLE "User" ADD COLUMN     "resultMails" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "MailOutbox" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "payload" JSONB NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),
    "lastError" VARCHAR(1000),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailOutbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MailOutbox_sentAt_nextAttemptAt_idx" ON "MailOutbox"("sentAt", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "MailOutbox_userId_idx" ON "MailOutbox"("userId");

-- AddForeignKey
ALTER TABLE "MailOutbox" ADD CONSTRAINT "MailOutbox_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

