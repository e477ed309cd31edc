-- CreateEnum
CREATE TYPE "TimetablePart" AS ENUM ('THEORY', 'PRACTICE', 'PERFORMANCE');

-- CreateTable
CREATE TABLE "TimetableRules" (
    "locationId" INTEGER NOT NULL,
    "days" JSONB NOT NULL DEFAULT '[]',
    "rooms" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "practiceMinutes" INTEGER NOT NULL DEFAULT 20,
    "practiceOverrides" JSONB NOT NULL DEFAULT '[]',
    "theoryMinutes" INTEGER NOT NULL DEFAULT 90,
    "theoryCapacity" INTEGER NOT NULL DEFAULT 30,
    "warmupMinutes" INTEGER NOT NULL DEFAULT 10,
    "changeoverMinutes" INTEGER NOT NULL DEFAULT 5,
    "published" BOOLEAN NOT NULL DEFAULT false,
    "publishedAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TimetableRules_pkey" PRIMARY KEY ("locationId")
);

-- CreateTable
CREATE TABLE "TimetableSlot" (
    "id" SERIAL NOT NULL,
    "eventId" INTEGER NOT NULL,
    "locationId" INTEGER NOT NULL,
    "part" "TimetablePart" NOT NULL,
    "registrationId" INTEGER NOT NULL,
    "room" VARCHAR(100) NOT NULL,
    "day" DATE NOT NULL,
    "startMinute" INTEGER NOT NULL,
    "endMinute" INTEGER NOT NULL,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TimetableSlot_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TimetableSlot_eventId_idx" ON "TimetableSlot"("eventId");

-- CreateIndex
CREATE INDEX "TimetableSlot_locationId_day_room_startMinute_idx" ON "TimetableSlot"("locationId", "day", "room", "startMinute");

-- CreateIndex
CREATE UNIQUE INDEX "TimetableSlot_part_registrationId_key" ON "TimetableSlot"("part", "registrationId");

-- AddForeignKey
ALTER TABLE "TimetableRules" ADD CONSTRAINT "TimetableRules_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "EventLocation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TimetableSlot" ADD CONSTRAINT "TimetableSlot_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TimetableSlot" ADD CONSTRAINT "TimetableSlot_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "EventLocation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

