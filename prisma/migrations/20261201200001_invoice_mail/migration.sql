-- A mail of the outbox goes to a user or to an address of no user (a club's invoice e-mail, with the invoice it sends).
-- AlterTable
ALTER TABLE "MailOutbox" ADD COLUMN     "email" VARCHAR(254),
ADD COLUMN     "invoiceId" INTEGER,
ALTER COLUMN "userId" DROP NOT NULL;


-- AddForeignKey
ALTER TABLE "MailOutbox" ADD CONSTRAINT "MailOutbox_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE CASCADE ON UPDATE CASCADE;


ALTER TABLE "MailOutbox" ADD CONSTRAINT "MailOutbox_recipient" CHECK ("userId" IS NOT NULL OR "email" IS NOT NULL);
