-- Stored files (consent forms, practice sheets, signature images) are kept encrypted with the data
-- key (AES-256-GCM, server/src/domains/files/stored.ts; docs/decisions.md "Encryption at rest").
-- The rows already there were written as uploaded: they keep false and are read as they are until
-- the server's start-up sweep seals them (the key is not known to SQL, so this migration cannot).
ALTER TABLE "StoredFile" ADD COLUMN "encrypted" BOOLEAN NOT NULL DEFAULT false;
