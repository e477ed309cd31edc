-- Sort keys of the D-exam overview's "Note" (grade) and "Stücke" (pieces complete) columns,
-- worked out in JS from the row's values (dexam/rules.ts overviewKeys, the one rule). Existing rows
-- start with NULL and are filled by the start-up sweep (dexam/service.ts fillOverviewKeys):
-- songsCompleteKey NULL marks a row not worked out yet.
CREATE TYPE "DexamGrade" AS ENUM ('FAILED', 'PASSED');

ALTER TABLE "DexamRegistration" ADD COLUMN "gradeKey" "DexamGrade",
ADD COLUMN "songsCompleteKey" BOOLEAN;

-- The competition overview's "Stücke" column the same way (competition/rules.ts
-- competitionOverviewKeys; the sweep competition/service.ts fillCompetitionOverviewKeys).
ALTER TABLE "CompetitionRegistration" ADD COLUMN "songsCompleteKey" BOOLEAN;
