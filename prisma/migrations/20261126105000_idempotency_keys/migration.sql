-- Idempotency keys of creates (docs/decisions.md "Retried creates"): the key row is written in the
-- same statement as the registration it names, so a create that committed without its answer
-- reaching the caller answers that registration when retried with the same key.
-- CreateTable
CREATE TABLE "IdempotencyKey" (
    "caller" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "registrationId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdempotencyKey_pkey" PRIMARY KEY ("caller","key")
);

-- CreateIndex
CREATE INDEX "IdempotencyKey_createdAt_idx" ON "IdempotencyKey"("createdAt");
