-- CreateIndex
CREATE INDEX "CompetitionRegistration_eventId_name_id_idx" ON "CompetitionRegistration"("eventId", "name", "id");

-- CreateIndex
CREATE INDEX "DexamRegistration_eventId_lastname_firstname_id_idx" ON "DexamRegistration"("eventId", "lastname", "firstname", "id");

