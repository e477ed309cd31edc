// What every request handler gets besides the database and the principal.
import type { Config } from "./config.ts";
import type { DataKey } from "./crypto/aead.ts";
import type { RawRead } from "./db/adapter.ts";
import type { IdentityAdmin, Outbox } from "./idp/identityAdmin.ts";

export type AppServices = {
  config: Config;
  dataKey: DataKey;
  now: () => Date;
  identity: IdentityAdmin;
  outbox: Outbox;
  /** the same database past Prisma's query interpretation, for the hot paths (db/adapter.ts RawRead) */
  sql: RawRead;
};
