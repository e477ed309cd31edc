-- CreateEnum
CREATE TYPE "Role" AS ENUM ('admin', 'user_read', 'user_manage', 'association_read', 'association_manage', 'invoice_read', 'invoice_manage', 'registration_read', 'registration_manage', 'registration_create', 'event_manage', 'results_read', 'results_manage');

-- CreateEnum
CREATE TYPE "FormType" AS ENUM ('DEXAM', 'DEXAM_CAMP', 'COMPETITION');

-- CreateEnum
CREATE TYPE "EditPhase" AS ENUM ('NO_RESTRICTIONS', 'SONGS_ONLY', 'NONE');

-- CreateEnum
CREATE TYPE "DexamType" AS ENUM ('D1', 'D2', 'D3');

-- CreateEnum
CREATE TYPE "LocationType" AS ENUM ('DEXAM_THEORY', 'DEXAM_PRACTICE', 'DEXAM_PREPARATION', 'COMPETITION');

-- CreateEnum
CREATE TYPE "DifficultyLevel" AS ENUM ('IA', 'IB', 'II', 'III', 'IV', 'V', 'VI');

-- CreateEnum
CREATE TYPE "CompetitionType" AS ENUM ('T', 'K', 'U', 'G', 'M', 'B');

-- CreateEnum
CREATE TYPE "Cast" AS ENUM ('S', 'SK', 'E', 'BG', 'P', 'B', 'JB', 'SL');

-- CreateEnum
CREATE TYPE "Category" AS ENUM ('CAT_1', 'CAT_2', 'CAT_3', 'CAT_4', 'CAT_5', 'CAT_6');

-- CreateEnum
CREATE TYPE "Gender" AS ENUM ('M', 'F', 'D');

-- CreateEnum
CREATE TYPE "Instrument" AS ENUM ('FLUTE', 'PICCOLO', 'OBOE', 'BASSOON', 'CLARINET', 'EB_CLARINET', 'BASS_CLARINET', 'ALTO_SAXOPHONE', 'TENOR_SAXOPHONE', 'BARITONE_SAXOPHONE', 'TRUMPET', 'FLUGELHORN', 'FRENCH_HORN', 'TROMBONE', 'BASS_TROMBONE', 'TENOR_HORN', 'BARITONE_HORN', 'TUBA', 'PERCUSSION', 'MALLETS');

-- CreateEnum
CREATE TYPE "MealRequest" AS ENUM ('STANDARD', 'VEGETARIAN', 'VEGAN');

-- CreateEnum
CREATE TYPE "VaccinationType" AS ENUM ('FSME', 'TETANUS');

-- CreateEnum
CREATE TYPE "ExamPart" AS ENUM ('THEORY', 'PRACTICE');

-- CreateTable
CREATE TABLE "DistrictAssociation" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "iamRef" TEXT NOT NULL,
    "gdprLink" TEXT NOT NULL,
    "impressLink" TEXT NOT NULL,
    "signatureFileId" INTEGER,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DistrictAssociation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Association" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "districtAssociationId" INTEGER NOT NULL,
    "invoiceEmail" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Association_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" SERIAL NOT NULL,
    "subject" TEXT,
    "firstname" TEXT NOT NULL,
    "lastname" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "street" TEXT,
    "postcode" TEXT,
    "city" TEXT,
    "country" TEXT,
    "roles" "Role"[] DEFAULT ARRAY[]::"Role"[],
    "districtAssociationId" INTEGER NOT NULL,
    "lastActive" TIMESTAMP(3),
    "blocked" BOOLEAN NOT NULL DEFAULT false,
    "passwordHash" TEXT,
    "inviteCode" TEXT,
    "invitedAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserAssociation" (
    "userId" INTEGER NOT NULL,
    "associationId" INTEGER NOT NULL,

    CONSTRAINT "UserAssociation_pkey" PRIMARY KEY ("userId","associationId")
);

-- CreateTable
CREATE TABLE "Event" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "districtAssociationId" INTEGER NOT NULL,
    "formType" "FormType" NOT NULL,
    "editPhase" "EditPhase" NOT NULL DEFAULT 'NO_RESTRICTIONS',
    "registrationDeadline" TIMESTAMP(3) NOT NULL,
    "startPublishing" TIMESTAMP(3) NOT NULL,
    "finishPublishing" TIMESTAMP(3) NOT NULL,
    "expiration" TIMESTAMP(3),
    "start" TIMESTAMP(3),
    "end" TIMESTAMP(3),
    "address" TEXT,
    "cancellationConditions" TEXT,
    "privacyPolicy" TEXT NOT NULL,
    "copiedFromId" INTEGER,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EventLocation" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "type" "LocationType" NOT NULL,
    "eventId" INTEGER NOT NULL,
    "street" TEXT NOT NULL,
    "postcode" TEXT,
    "city" TEXT NOT NULL,
    "country" TEXT,
    "start" TIMESTAMP(3),
    "end" TIMESTAMP(3),
    "dexamTypes" "DexamType"[] DEFAULT ARRAY[]::"DexamType"[],
    "competitionTypes" "CompetitionType"[] DEFAULT ARRAY[]::"CompetitionType"[],
    "instruments" "Instrument"[] DEFAULT ARRAY[]::"Instrument"[],
    "publishResults" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EventLocation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DexamRegistration" (
    "id" SERIAL NOT NULL,
    "eventId" INTEGER NOT NULL,
    "userId" INTEGER,
    "firstname" TEXT NOT NULL,
    "lastname" TEXT NOT NULL,
    "birthdate" DATE NOT NULL,
    "gender" "Gender" NOT NULL,
    "associationId" INTEGER NOT NULL,
    "instrument" "Instrument" NOT NULL,
    "type" "DexamType" NOT NULL,
    "theoryLocationId" INTEGER,
    "practiceLocationId" INTEGER,
    "preparationLocationId" INTEGER,
    "partialResultType" "ExamPart",
    "partialResultDistrict" TEXT,
    "partialResultYear" INTEGER,
    "partialResultLocation" TEXT,
    "partialResultPoints" DECIMAL(6,2),
    "existingPartialResultVerified" BOOLEAN NOT NULL DEFAULT false,
    "songs" JSONB NOT NULL DEFAULT '[]',
    "remarks" TEXT,
    "cancelledAt" TIMESTAMP(3),
    "gdprAccepted" BOOLEAN NOT NULL DEFAULT false,
    "cancellationAccepted" BOOLEAN NOT NULL DEFAULT false,
    "consentFormFileId" INTEGER,
    "practiceSheetFileId" INTEGER,
    "mealRequest" "MealRequest",
    "campDataEncrypted" BYTEA,
    "theoryPoints" DECIMAL(6,2),
    "practicePoints" DECIMAL(6,2),
    "takenOverFromId" INTEGER,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DexamRegistration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CompetitionRegistration" (
    "id" SERIAL NOT NULL,
    "eventId" INTEGER NOT NULL,
    "userId" INTEGER,
    "locationId" INTEGER,
    "name" TEXT NOT NULL,
    "associationId" INTEGER NOT NULL,
    "type" "CompetitionType" NOT NULL,
    "cast" "Cast" NOT NULL,
    "category" "Category",
    "ageGroup" "DifficultyLevel",
    "conductorName" TEXT NOT NULL,
    "numberOfMusicians" INTEGER NOT NULL,
    "members" TEXT,
    "remarks" TEXT,
    "cancelledAt" TIMESTAMP(3),
    "documentsComplete" BOOLEAN NOT NULL DEFAULT false,
    "gdprAccepted" BOOLEAN NOT NULL DEFAULT false,
    "cancellationAccepted" BOOLEAN NOT NULL DEFAULT false,
    "songs" JSONB NOT NULL DEFAULT '[]',
    "points" DECIMAL(6,2),
    "mark" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CompetitionRegistration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StoredFile" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StoredFile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" SERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorUserId" INTEGER,
    "actorLabel" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "entityId" INTEGER,
    "districtAssociationId" INTEGER,
    "details" JSONB,

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiClient" (
    "id" SERIAL NOT NULL,
    "clientId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "roles" "Role"[] DEFAULT ARRAY[]::"Role"[],
    "districtAssociationId" INTEGER NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiClient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OidcPayload" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "grantId" TEXT,
    "userCode" TEXT,
    "uid" TEXT,
    "expiresAt" TIMESTAMP(3),
    "consumedAt" TIMESTAMP(3),

    CONSTRAINT "OidcPayload_pkey" PRIMARY KEY ("id","type")
);

-- CreateTable
CREATE TABLE "ServerSecret" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ServerSecret_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE UNIQUE INDEX "DistrictAssociation_signatureFileId_key" ON "DistrictAssociation"("signatureFileId");

-- CreateIndex
CREATE INDEX "Association_districtAssociationId_name_idx" ON "Association"("districtAssociationId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "User_subject_key" ON "User"("subject");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "User_inviteCode_key" ON "User"("inviteCode");

-- CreateIndex
CREATE INDEX "User_districtAssociationId_lastname_idx" ON "User"("districtAssociationId", "lastname");

-- CreateIndex
CREATE INDEX "UserAssociation_associationId_idx" ON "UserAssociation"("associationId");

-- CreateIndex
CREATE INDEX "Event_districtAssociationId_registrationDeadline_idx" ON "Event"("districtAssociationId", "registrationDeadline");

-- CreateIndex
CREATE INDEX "EventLocation_eventId_type_idx" ON "EventLocation"("eventId", "type");

-- CreateIndex
CREATE UNIQUE INDEX "DexamRegistration_consentFormFileId_key" ON "DexamRegistration"("consentFormFileId");

-- CreateIndex
CREATE UNIQUE INDEX "DexamRegistration_practiceSheetFileId_key" ON "DexamRegistration"("practiceSheetFileId");

-- CreateIndex
CREATE INDEX "DexamRegistration_eventId_id_idx" ON "DexamRegistration"("eventId", "id");

-- CreateIndex
CREATE INDEX "DexamRegistration_associationId_idx" ON "DexamRegistration"("associationId");

-- CreateIndex
CREATE INDEX "DexamRegistration_theoryLocationId_idx" ON "DexamRegistration"("theoryLocationId");

-- CreateIndex
CREATE INDEX "DexamRegistration_practiceLocationId_idx" ON "DexamRegistration"("practiceLocationId");

-- CreateIndex
CREATE INDEX "DexamRegistration_preparationLocationId_idx" ON "DexamRegistration"("preparationLocationId");

-- CreateIndex
CREATE INDEX "CompetitionRegistration_eventId_id_idx" ON "CompetitionRegistration"("eventId", "id");

-- CreateIndex
CREATE INDEX "CompetitionRegistration_associationId_idx" ON "CompetitionRegistration"("associationId");

-- CreateIndex
CREATE INDEX "CompetitionRegistration_locationId_idx" ON "CompetitionRegistration"("locationId");

-- CreateIndex
CREATE INDEX "AuditEntry_entity_entityId_idx" ON "AuditEntry"("entity", "entityId");

-- CreateIndex
CREATE INDEX "AuditEntry_at_idx" ON "AuditEntry"("at");

-- CreateIndex
CREATE UNIQUE INDEX "ApiClient_clientId_key" ON "ApiClient"("clientId");

-- CreateIndex
CREATE INDEX "OidcPayload_grantId_idx" ON "OidcPayload"("grantId");

-- CreateIndex
CREATE INDEX "OidcPayload_uid_idx" ON "OidcPayload"("uid");

-- CreateIndex
CREATE INDEX "OidcPayload_expiresAt_idx" ON "OidcPayload"("expiresAt");

-- AddForeignKey
ALTER TABLE "DistrictAssociation" ADD CONSTRAINT "DistrictAssociation_signatureFileId_fkey" FOREIGN KEY ("signatureFileId") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Association" ADD CONSTRAINT "Association_districtAssociationId_fkey" FOREIGN KEY ("districtAssociationId") REFERENCES "DistrictAssociation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_districtAssociationId_fkey" FOREIGN KEY ("districtAssociationId") REFERENCES "DistrictAssociation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserAssociation" ADD CONSTRAINT "UserAssociation_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserAssociation" ADD CONSTRAINT "UserAssociation_associationId_fkey" FOREIGN KEY ("associationId") REFERENCES "Association"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Event" ADD CONSTRAINT "Event_districtAssociationId_fkey" FOREIGN KEY ("districtAssociationId") REFERENCES "DistrictAssociation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EventLocation" ADD CONSTRAINT "EventLocation_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DexamRegistration" ADD CONSTRAINT "DexamRegistration_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DexamRegistration" ADD CONSTRAINT "DexamRegistration_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DexamRegistration" ADD CONSTRAINT "DexamRegistration_associationId_fkey" FOREIGN KEY ("associationId") REFERENCES "Association"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DexamRegistration" ADD CONSTRAINT "DexamRegistration_theoryLocationId_fkey" FOREIGN KEY ("theoryLocationId") REFERENCES "EventLocation"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DexamRegistration" ADD CONSTRAINT "DexamRegistration_practiceLocationId_fkey" FOREIGN KEY ("practiceLocationId") REFERENCES "EventLocation"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DexamRegistration" ADD CONSTRAINT "DexamRegistration_preparationLocationId_fkey" FOREIGN KEY ("preparationLocationId") REFERENCES "EventLocation"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DexamRegistration" ADD CONSTRAINT "DexamRegistration_consentFormFileId_fkey" FOREIGN KEY ("consentFormFileId") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DexamRegistration" ADD CONSTRAINT "DexamRegistration_practiceSheetFileId_fkey" FOREIGN KEY ("practiceSheetFileId") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompetitionRegistration" ADD CONSTRAINT "CompetitionRegistration_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompetitionRegistration" ADD CONSTRAINT "CompetitionRegistration_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompetitionRegistration" ADD CONSTRAINT "CompetitionRegistration_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "EventLocation"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompetitionRegistration" ADD CONSTRAINT "CompetitionRegistration_associationId_fkey" FOREIGN KEY ("associationId") REFERENCES "Association"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiClient" ADD CONSTRAINT "ApiClient_districtAssociationId_fkey" FOREIGN KEY ("districtAssociationId") REFERENCES "DistrictAssociation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
