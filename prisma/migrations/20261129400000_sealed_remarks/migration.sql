-- Free-text remarks sealed with the data key (registrations/remarks.ts). A migration has no key:
-- the server's start-up sweep (sealPlainRemarks) moves the remarks of existing rows into the new
-- column and empties the plain one; until then both shapes read the same (expand, then contract).
ALTER TABLE "DexamRegistration" ADD COLUMN "remarksEncrypted" BYTEA;
ALTER TABLE "CompetitionRegistration" ADD COLUMN "remarksEncrypted" BYTEA;
