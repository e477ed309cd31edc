// What every request handler gets besides the database and the principal.
import type { Config } from "./config.ts";
import type { DataKey } from "./crypto/aead.ts";
import type { RawRead } from "./db/adapter.ts";
import type { WebhookSender } from "./domains/webhooks/sender.ts";
import type { IdentityAdmin, Outbox } from "./idp/identityAdmin.ts";
import type { MailSender } from "./mail/outbox.ts";

export type AppServices = {
  config: Config;
  dataKey: DataKey;
  now: () => Date;
  identity: IdentityAdmin;
  outbox: Outbox;
  /** confirmation e-mails: a change that wrote an outbox row wakes the sender after its commit */
  mail: MailSender;
  /** webhook deliveries: the change's trigger writes them, the sender posts them after commit */
  webhooks: WebhookSender;
  /** the same database past Prisma's query interpretation, for the hot paths (db/adapter.ts RawRead) */
  sql: RawRead;
};
