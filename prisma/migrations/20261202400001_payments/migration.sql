-- Payments: bank statements (camt.053/054) read in and the payments they and the treasurer record.
-- CreateTable
CREATE TABLE "BankImport" (
    "id" SERIAL NOT NULL,
    "districtAssociationId" INTEGER NOT NULL,
    "kind" VARCHAR(8) NOT NULL,
    "messageId" VARCHAR(35) NOT NULL,
    "sha256" VARCHAR(64) NOT NULL,
    "credits" INTEGER NOT NULL,
    "matched" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" VARCHAR(200) NOT NULL,

    CONSTRAINT "BankImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" SERIAL NOT NULL,
    "districtAssociationId" INTEGER NOT NULL,
    "invoiceId" INTEGER,
    "importId" INTEGER,
    "bankRef" VARCHAR(140),
    "amountCents" INTEGER NOT NULL,
    "paidOn" DATE NOT NULL,
    "reference" VARCHAR(500) NOT NULL,
    "payerName" VARCHAR(140),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" VARCHAR(200) NOT NULL,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "BankImport_districtAssociationId_sha256_key" ON "BankImport"("districtAssociationId", "sha256");

-- CreateIndex
CREATE INDEX "Payment_invoiceId_idx" ON "Payment"("invoiceId");

-- CreateIndex
CREATE INDEX "Payment_importId_idx" ON "Payment"("importId");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_districtAssociationId_bankRef_key" ON "Payment"("districtAssociationId", "bankRef");

-- AddForeignKey
ALTER TABLE "BankImport" ADD CONSTRAINT "BankImport_districtAssociationId_fkey" FOREIGN KEY ("districtAssociationId") REFERENCES "DistrictAssociation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_districtAssociationId_fkey" FOREIGN KEY ("districtAssociationId") REFERENCES "DistrictAssociation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_importId_fkey" FOREIGN KEY ("importId") REFERENCES "BankImport"("id") ON DELETE CASCADE ON UPDATE CASCADE;

