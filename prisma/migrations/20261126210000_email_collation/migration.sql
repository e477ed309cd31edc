-- The user table sorts by e-mail address (users(orderBy: { field: EMAIL })): the column gets the
-- same ICU collation "und-x-icu" as the name columns (docs/decisions.md "German sort order"), so
-- ORDER BY, the keyset cursors and Intl.Collator("de") agree (case and umlauts as in German
-- dictionaries, not byte order). Deterministic: equality, the unique index and ILIKE are unchanged;
-- the index is rebuilt. The column keeps its length (VARCHAR(254)).
ALTER TABLE "User" ALTER COLUMN "email" SET DATA TYPE VARCHAR(254) COLLATE "und-x-icu";
