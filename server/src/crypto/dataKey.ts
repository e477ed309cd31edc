// The data encryption key: DATA_ENCRYPTION_KEY in production (one key for all replicas); the
// local default generates one once and keeps it in its data directory; an in-memory database
// (tests) gets a throw-away key. DATA_ENCRYPTION_OLD_KEYS adds keys accepted for reading (key
// rotation, crypto/rotate.ts).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../config.ts";
import { type Keyring, keyring } from "./aead.ts";

export function loadDataKey(config: Pick<Config, "dataEncryptionKey" | "databaseUrl" | "dataDir"> & Partial<Pick<Config, "dataEncryptionOldKeys">>): Keyring {
  const old = (config.dataEncryptionOldKeys ?? []).map((k) => Buffer.from(k, "base64"));
  if (config.dataEncryptionKey) return keyring(Buffer.from(config.dataEncryptionKey, "base64"), old);
  if (config.databaseUrl === "pglite:memory") return keyring(crypto.randomBytes(32), old);
  const file = path.join(config.dataDir, "encryption.key");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
  }
  const key = Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
  if (key.length !== 32) throw new Error(`DATA_ENCRYPTION_KEY: ${file} does not hold 32 base64 bytes`);
  return keyring(key, old);
}
