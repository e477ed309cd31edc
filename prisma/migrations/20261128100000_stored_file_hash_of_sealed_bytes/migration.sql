-- StoredFile.sha256 is the SHA-256 of the stored (sealed) bytes, no longer of the plaintext, which
-- confirmed a guessed consent form (issue 36). Sealed rows get the hash of their sealed bytes here;
-- rows still in plaintext get it when the start-up sweep seals them (files/stored.ts).
UPDATE "StoredFile" SET "sha256" = encode(sha256("data"), 'hex') WHERE "encrypted";
