-- German sort order of names (docs/decisions.md "German sort order"): the name columns the
-- screens and exports sort by use ICU's root collation "und-x-icu", which PostgreSQL built with
-- ICU and PGlite both have and which orders as German dictionaries do (DIN 5007-1: Bäcker before
-- Braun, Köhler before Krüger, Öztürk before Wagner) and as Intl.Collator("de") does in Node.
-- Deterministic: equality, unique indexes and ILIKE are unchanged; the indexes are rebuilt. The
-- columns keep their length (VARCHAR(100), TEXT_LIMITS in shared/validation.ts).
ALTER TABLE "DistrictAssociation" ALTER COLUMN "name" SET DATA TYPE VARCHAR(100) COLLATE "und-x-icu";
ALTER TABLE "Association" ALTER COLUMN "name" SET DATA TYPE VARCHAR(100) COLLATE "und-x-icu";
ALTER TABLE "User" ALTER COLUMN "firstname" SET DATA TYPE VARCHAR(100) COLLATE "und-x-icu";
ALTER TABLE "User" ALTER COLUMN "lastname" SET DATA TYPE VARCHAR(100) COLLATE "und-x-icu";
ALTER TABLE "Event" ALTER COLUMN "name" SET DATA TYPE VARCHAR(100) COLLATE "und-x-icu";
ALTER TABLE "EventLocation" ALTER COLUMN "name" SET DATA TYPE VARCHAR(100) COLLATE "und-x-icu";
ALTER TABLE "DexamRegistration" ALTER COLUMN "firstname" SET DATA TYPE VARCHAR(100) COLLATE "und-x-icu";
ALTER TABLE "DexamRegistration" ALTER COLUMN "lastname" SET DATA TYPE VARCHAR(100) COLLATE "und-x-icu";
ALTER TABLE "CompetitionRegistration" ALTER COLUMN "name" SET DATA TYPE VARCHAR(100) COLLATE "und-x-icu";
