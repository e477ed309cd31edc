-- A camp (D-exam camp, children's health data) is never kept without an automatic-deletion day
-- (docs/decisions.md "Automatic deletion day"). Camps stored without one get the default of new
-- camps: 23:59:59 Berlin time three months after their last day (end, else start, else the
-- registration deadline). A camp whose default day has already passed gets 30 days after this
-- migration instead, so the office can download what it must keep (or set a later day) before the
-- next expiry round deletes it. Other events keep an empty day until they are next saved; the
-- event form then shows and stores the default of their form type.
UPDATE "Event"
SET "expiration" = ((GREATEST(
      (((COALESCE("end", "start", "registrationDeadline") AT TIME ZONE 'UTC') AT TIME ZONE 'Europe/Berlin')::date + interval '3 months')::date,
      (now() AT TIME ZONE 'Europe/Berlin')::date + 30
    ) + time '23:59:59') AT TIME ZONE 'Europe/Berlin') AT TIME ZONE 'UTC'
WHERE "formType" = 'DEXAM_CAMP' AND "expiration" IS NULL;
