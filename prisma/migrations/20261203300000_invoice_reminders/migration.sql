-- Reminders of open invoices (Zahlungserinnerung, Mahnung): the levels per district association and
-- the reminders sent, one per level and invoice.
-- CreateTable
CREATE TABLE "InvoiceReminderPolicy" (
    "districtAssociationId" INTEGER NOT NULL,
    "days" INTEGER[],
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "InvoiceReminderPolicy_pkey" PRIMARY KEY ("districtAssociationId")
);

-- CreateTable
CREATE TABLE "InvoiceReminder" (
    "id" SERIAL NOT NULL,
    "invoiceId" INTEGER NOT NULL,
    "level" INTEGER NOT NULL,
    "sentOn" DATE NOT NULL,
    "openCents" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InvoiceReminder_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "InvoiceReminder_invoiceId_level_key" ON "InvoiceReminder"("invoiceId", "level");

-- AddForeignKey
ALTER TABLE "InvoiceReminderPolicy" ADD CONSTRAINT "InvoiceReminderPolicy_districtAssociationId_fkey" FOREIGN KEY ("districtAssociationId") REFERENCES "DistrictAssociation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvoiceReminder" ADD CONSTRAINT "InvoiceReminder_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE CASCADE ON UPDATE CASCADE;
