-- The mails of an invoice (deleted with it), built without blocking the outbox.
CREATE INDEX CONCURRENTLY "MailOutbox_invoiceId_idx" ON "MailOutbox"("invoiceId");
