-- SEPA direct debit files (pain.008) of a district association's due invoices and their collections.
-- CreateTable
CREATE TABLE "SepaDebit" (
    "id" SERIAL NOT NULL,
    "districtAssociationId" INTEGER NOT NULL,
    "messageId" VARCHAR(35) NOT NULL,
    "collectionDate" DATE NOT NULL,
    "count" INTEGER NOT NULL,
    "totalCents" INTEGER NOT NULL,
    "xmlEncrypted" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" VARCHAR(200) NOT NULL,

    CONSTRAINT "SepaDebit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SepaDebitItem" (
    "id" SERIAL NOT NULL,
    "debitId" INTEGER NOT NULL,
    "invoiceId" INTEGER NOT NULL,
    "mandateReference" VARCHAR(35) NOT NULL,
    "sequence" VARCHAR(4) NOT NULL,
    "amountCents" INTEGER NOT NULL,

    CONSTRAINT "SepaDebitItem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SepaDebit_messageId_key" ON "SepaDebit"("messageId");

-- CreateIndex
CREATE INDEX "SepaDebit_districtAssociationId_id_idx" ON "SepaDebit"("districtAssociationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "SepaDebitItem_invoiceId_key" ON "SepaDebitItem"("invoiceId");

-- CreateIndex
CREATE INDEX "SepaDebitItem_debitId_idx" ON "SepaDebitItem"("debitId");

-- AddForeignKey
ALTER TABLE "SepaDebit" ADD CONSTRAINT "SepaDebit_districtAssociationId_fkey" FOREIGN KEY ("districtAssociationId") REFERENCES "DistrictAssociation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SepaDebitItem" ADD CONSTRAINT "SepaDebitItem_debitId_fkey" FOREIGN KEY ("debitId") REFERENCES "SepaDebit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SepaDebitItem" ADD CONSTRAINT "SepaDebitItem_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

