// What every request handler gets besides the database and the principal.
import type { Config } from "./config.ts";
import type { DataKey } from "./crypto/aead.ts";
import type { IdentityAdmin, Outbox } from "./idp/identityAdmin.ts";

export type AppServices = {
  config: Config;
  dataKey: DataKey;
  now: () => Date;
  identity: IdentityAdmin;
  outbox: Outbox;
};
