-- Reads of camp health data are recorded (docs/decisions.md "Reads of health data are recorded").
CREATE TABLE "HealthDataAccess" (
    "id" SERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "actorUserId" INTEGER,
    "actorLabel" TEXT NOT NULL,
    "door" TEXT NOT NULL,
    "districtAssociationId" INTEGER NOT NULL,
    "registrationIds" INTEGER[],

    CONSTRAINT "HealthDataAccess_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "HealthDataAccess_districtAssociationId_id_idx" ON "HealthDataAccess"("districtAssociationId", "id");

CREATE INDEX "HealthDataAccess_registrationIds_idx" ON "HealthDataAccess" USING GIN ("registrationIds");

CREATE INDEX "HealthDataAccess_expiresAt_idx" ON "HealthDataAccess"("expiresAt");

ALTER TABLE "HealthDataAccess" ADD CONSTRAINT "HealthDataAccess_districtAssociationId_fkey" FOREIGN KEY ("districtAssociationId") REFERENCES "DistrictAssociation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
