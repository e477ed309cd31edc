-- Fees per event, the seller per district association, clubs' billing data and SEPA mandates, invoices
-- with their lines and the gapless counter (docs/decisions.md "Invoices").
-- CreateEnum
CREATE TYPE "InvoiceKind" AS ENUM ('INVOICE', 'CANCELLATION', 'CREDIT_NOTE');

-- AlterTable
ALTER TABLE "Association" ADD COLUMN     "billingCity" VARCHAR(100),
ADD COLUMN     "billingCountry" VARCHAR(2),
ADD COLUMN     "billingName" VARCHAR(100),
ADD COLUMN     "billingPostcode" VARCHAR(20),
ADD COLUMN     "billingStreet" VARCHAR(200),
ADD COLUMN     "buyerReference" VARCHAR(100);

-- CreateTable
CREATE TABLE "EventFee" (
    "id" SERIAL NOT NULL,
    "eventId" INTEGER NOT NULL,
    "item" VARCHAR(40) NOT NULL,
    "amountCents" INTEGER NOT NULL,

    CONSTRAINT "EventFee_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EventFeeSchedule" (
    "eventId" INTEGER NOT NULL,
    "lateFrom" TIMESTAMP(3),
    "lateFeeCents" INTEGER NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EventFeeSchedule_pkey" PRIMARY KEY ("eventId")
);

-- CreateTable
CREATE TABLE "InvoiceSeller" (
    "districtAssociationId" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "street" VARCHAR(200) NOT NULL,
    "postcode" VARCHAR(20) NOT NULL,
    "city" VARCHAR(100) NOT NULL,
    "country" VARCHAR(2) NOT NULL DEFAULT 'DE',
    "email" VARCHAR(254) NOT NULL,
    "phone" VARCHAR(50),
    "taxNumber" VARCHAR(30),
    "vatId" VARCHAR(20),
    "registrationId" VARCHAR(100),
    "exemptionNote" VARCHAR(300),
    "vatRateBasisPoints" INTEGER NOT NULL DEFAULT 1900,
    "iban" VARCHAR(34) NOT NULL,
    "bic" VARCHAR(11),
    "bankName" VARCHAR(100),
    "creditorId" VARCHAR(35),
    "paymentDays" INTEGER NOT NULL DEFAULT 14,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "InvoiceSeller_pkey" PRIMARY KEY ("districtAssociationId")
);

-- CreateTable
CREATE TABLE "SepaMandate" (
    "associationId" INTEGER NOT NULL,
    "reference" VARCHAR(35) NOT NULL,
    "signedOn" DATE NOT NULL,
    "accountEncrypted" BYTEA NOT NULL,
    "ibanLast4" VARCHAR(4) NOT NULL,
    "firstCollectedAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SepaMandate_pkey" PRIMARY KEY ("associationId")
);

-- CreateTable
CREATE TABLE "InvoiceCounter" (
    "districtAssociationId" INTEGER NOT NULL,
    "year" INTEGER NOT NULL,
    "last" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "InvoiceCounter_pkey" PRIMARY KEY ("districtAssociationId","year")
);

-- CreateTable
CREATE TABLE "Invoice" (
    "id" SERIAL NOT NULL,
    "districtAssociationId" INTEGER NOT NULL,
    "associationId" INTEGER,
    "eventId" INTEGER,
    "kind" "InvoiceKind" NOT NULL DEFAULT 'INVOICE',
    "number" VARCHAR(30) NOT NULL,
    "correctsId" INTEGER,
    "issueDate" DATE NOT NULL,
    "dueDate" DATE NOT NULL,
    "serviceDate" DATE NOT NULL,
    "eventName" VARCHAR(100) NOT NULL,
    "seller" JSONB NOT NULL,
    "buyer" JSONB NOT NULL,
    "netCents" INTEGER NOT NULL,
    "vatCents" INTEGER NOT NULL,
    "totalCents" INTEGER NOT NULL,
    "xml" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" VARCHAR(200) NOT NULL,

    CONSTRAINT "Invoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InvoiceLine" (
    "id" SERIAL NOT NULL,
    "invoiceId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "item" VARCHAR(40) NOT NULL,
    "description" VARCHAR(300) NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unitCents" INTEGER NOT NULL,
    "netCents" INTEGER NOT NULL,

    CONSTRAINT "InvoiceLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "EventFee_eventId_item_key" ON "EventFee"("eventId", "item");

-- CreateIndex
CREATE INDEX "Invoice_districtAssociationId_eventId_idx" ON "Invoice"("districtAssociationId", "eventId");

-- CreateIndex
CREATE INDEX "Invoice_associationId_idx" ON "Invoice"("associationId");

-- CreateIndex
CREATE INDEX "Invoice_correctsId_idx" ON "Invoice"("correctsId");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_districtAssociationId_number_key" ON "Invoice"("districtAssociationId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "InvoiceLine_invoiceId_position_key" ON "InvoiceLine"("invoiceId", "position");

-- AddForeignKey
ALTER TABLE "EventFee" ADD CONSTRAINT "EventFee_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EventFeeSchedule" ADD CONSTRAINT "EventFeeSchedule_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvoiceSeller" ADD CONSTRAINT "InvoiceSeller_districtAssociationId_fkey" FOREIGN KEY ("districtAssociationId") REFERENCES "DistrictAssociation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SepaMandate" ADD CONSTRAINT "SepaMandate_associationId_fkey" FOREIGN KEY ("associationId") REFERENCES "Association"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvoiceCounter" ADD CONSTRAINT "InvoiceCounter_districtAssociationId_fkey" FOREIGN KEY ("districtAssociationId") REFERENCES "DistrictAssociation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_districtAssociationId_fkey" FOREIGN KEY ("districtAssociationId") REFERENCES "DistrictAssociation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_associationId_fkey" FOREIGN KEY ("associationId") REFERENCES "Association"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_correctsId_fkey" FOREIGN KEY ("correctsId") REFERENCES "Invoice"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvoiceLine" ADD CONSTRAINT "InvoiceLine_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- An issued invoice never changes: its content and lines are refused any update. Only the links to a
-- club or event that is deleted later are cleared (their names stay in the invoice).
CREATE FUNCTION "invoice_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'Invoice'
     AND (NEW."associationId" IS NULL OR NEW."associationId" = OLD."associationId")
     AND (NEW."eventId" IS NULL OR NEW."eventId" = OLD."eventId")
     AND (to_jsonb(NEW) - 'associationId' - 'eventId') = (to_jsonb(OLD) - 'associationId' - 'eventId') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'issued invoices are immutable (% %)', TG_TABLE_NAME, OLD.id USING ERRCODE = 'check_violation';
END
$$;

CREATE TRIGGER "Invoice_immutable" BEFORE UPDATE ON "Invoice" FOR EACH ROW EXECUTE FUNCTION "invoice_immutable"();
CREATE TRIGGER "InvoiceLine_immutable" BEFORE UPDATE ON "InvoiceLine" FOR EACH ROW EXECUTE FUNCTION "invoice_immutable"();
