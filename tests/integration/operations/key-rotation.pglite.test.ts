// `npm run keys:rotate` as an operator runs it on a production install: the bundled command
// (dist/server/keys-rotate.mjs, no tsx) on an embedded database directory, with the server's
// environment (DATA_ENCRYPTION_KEY the new key, DATA_ENCRYPTION_OLD_KEYS the old one).
// What it re-seals, and reading afterwards: key-rotation.test.ts.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { decrypt, encrypt, keyIdOf, sealedKeyId } from "../../../server/src/crypto/aead.ts";
import { checkDataKey } from "../../../server/src/crypto/keyCheck.ts";
import { openDatabase } from "../../../server/src/db/client.ts";
import { pgliteTemplate } from "../../support/db.ts";

const dir = path.resolve(".tmp", `keys-rotate-${crypto.randomBytes(4).toString("hex")}`);
const A = crypto.randomBytes(32);
const B = crypto.randomBytes(32);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const rotate = (args: string[], env: Record<string, string>) =>
  spawnSync("npm", ["run", "--silent", "keys:rotate", "--", ...args], {
    env: { ...process.env, DATABASE_URL: `pglite:${dir}`, ...env },
    encoding: "utf8",
    timeout: 120_000,
  });

describe("npm run keys:rotate", () => {
  it("re-seals an embedded database's values under the new key; afterwards the new key alone passes --check", async () => {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const db = await openDatabase(new PGlite(dir, { loadDataDir: pgliteTemplate() }), { migrate: false });
    try {
      await checkDataKey(db.prisma, A);
      await db.prisma.serverSecret.create({ data: { name: "test.secret", value: encrypt(A, "geheim").toString("base64") } });
    } finally {
      await db.close();
    }
    const run = rotate([], { DATA_ENCRYPTION_KEY: B.toString("base64"), DATA_ENCRYPTION_OLD_KEYS: A.toString("base64") });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`Neuer Schlüssel ${keyIdOf(B)}; alte Schlüssel: ${keyIdOf(A)}`);
    expect(run.stdout).toContain("2 Werte neu verschlüsselt");
    expect(run.stdout.trim().split("\n").at(-1)).toBe(
      "Alle Werte sind mit dem neuen Schlüssel verschlüsselt: DATA_ENCRYPTION_OLD_KEYS kann entfernt werden (Sicherungen mit altem Schlüssel brauchen ihn weiter).",
    );
    const check = rotate(["--check"], { DATA_ENCRYPTION_KEY: B.toString("base64") });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout.trim()).toBe(`Verschlüsselte Werte: 2 mit Schlüssel ${keyIdOf(B)} (aktuell)`);
    // the old key alone: one line naming the key the data needs
    const old = rotate(["--check"], { DATA_ENCRYPTION_KEY: A.toString("base64") });
    expect(old.status).toBe(1);
    expect(old.stdout.trim()).toMatch(new RegExp(`^keys:rotate: DATA_ENCRYPTION_KEY: a value is sealed with key ${keyIdOf(B)}, `));

    const after = await openDatabase(`pglite:${dir}`, { migrate: false });
    try {
      const secret = await after.prisma.serverSecret.findUniqueOrThrow({ where: { name: "test.secret" } });
      expect(sealedKeyId(Buffer.from(secret.value, "base64"))).toBe(keyIdOf(B));
      expect(decrypt(B, Buffer.from(secret.value, "base64")).toString()).toBe("geheim");
    } finally {
      await after.close();
    }
  });
});
