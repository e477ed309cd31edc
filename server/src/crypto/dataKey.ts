// The data encryption key: DATA_ENCRYPTION_KEY in production (one key for all replicas); the
// local default generates one once and keeps it in its data directory; an in-memory database
// (tests) gets a throw-away key.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../config.ts";
import type { DataKey } from "./aead.ts";

export function loadDataKey(config: Pick<Config, "dataEncryptionKey" | "databaseUrl" | "dataDir">): DataKey {
  if (config.dataEncryptionKey) return Buffer.from(config.dataEncryptionKey, "base64");
  if (config.databaseUrl === "pglite:memory") return crypto.randomBytes(32);
  const file = path.join(config.dataDir, "encryption.key");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
  }
  const key = Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
  if (key.length !== 32) throw new Error(`DATA_ENCRYPTION_KEY: ${file} does not hold 32 base64 bytes`);
  return key;
}
