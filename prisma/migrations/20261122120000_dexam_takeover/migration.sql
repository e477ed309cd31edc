-- CreateIndex
CREATE UNIQUE INDEX "DexamRegistration_takenOverFromId_key" ON "DexamRegistration"("takenOverFromId");

-- AddForeignKey
ALTER TABLE "DexamRegistration" ADD CONSTRAINT "DexamRegistration_takenOverFromId_fkey" FOREIGN KEY ("takenOverFromId") REFERENCES "DexamRegistration"("id") ON DELETE SET NULL ON UPDATE CASCADE;

