// The outbox of confirmation e-mails (docs/decisions.md "Confirmation e-mails"): a change writes its
// mail row in its own transaction (enqueueMail), so a
// rolled-back change sends nothing and a committed one loses nothing. After the commit the sender
// (mailSender) claims due rows with FOR UPDATE SKIP LOCKED, moving them on by a lease in the same
// statement, so replicas never send a row twice; a failure moves the row on by a backoff that
// doubles from MAIL_RETRY_SECONDS up to an hour. A mail never fails the change that wrote it.
// A mail not delivered within GIVE_UP_DAYS of its writing is given up and deleted (logged); a sent
// one is kept KEEP_SENT_DAYS, except the notice of a registration's deletion, deleted once sent (it
// names a registration that is gone). A registration's deletion deletes its rows, sent or not
// (domains/registrations/traces.ts).
import os from "node:os";
import type { RawRead } from "../db/adapter.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { type MailKind, type MailPayload, renderMail } from "./registrationMail.ts";
import type { Attachment, Outbox } from "./transport.ts";

type Tx = Prisma.TransactionClient;

/**
 * The row's payload: the facts, with the club's name and the district's name, imprint and privacy
 * links read by the same statement.
 */
function payloadSql(facts: MailPayload, ids: { associationId: number | null; districtAssociationId: number }): Prisma.Sql {
  return Prisma.sql`${JSON.stringify(facts)}::jsonb || jsonb_build_object(
    'club', (SELECT a.name FROM "Association" a WHERE a.id = ${ids.associationId}::int),
    'district', (SELECT jsonb_build_object('name', d.name, 'imprint', d."impressLink", 'privacy', d."gdprLink") FROM "DistrictAssociation" d WHERE d.id = ${ids.districtAssociationId}::int)
  )`;
}

/** associationId: the club the mail names (null: none, a webhook endpoint's mail) */
export type MailTarget = { userId: number | null; associationId: number | null; districtAssociationId: number };

/**
 * Writes one mail to `target.userId` within the change's transaction (none without a user: a
 * registration's user was deleted, or a machine client created it). Answers whether it wrote one:
 * then the caller wakes the sender after the commit (services.mail.wake()).
 */
export async function enqueueMail(tx: Tx, target: MailTarget, kind: MailKind, facts: MailPayload): Promise<boolean> {
  if (!target.userId) return false;
  await tx.$executeRaw`INSERT INTO "MailOutbox" ("userId", "kind", "payload") VALUES (${target.userId}::int, ${kind}, ${payloadSql(facts, target)})`;
  return true;
}

/**
 * Writes one mail to an address of no user (a club's invoice e-mail) within the change's
 * transaction; `invoiceId`: the invoice it sends (its files are attached when it goes out, and its
 * deletion takes the unsent row with it).
 */
export async function enqueueAddressMail(tx: Tx, email: string, kind: MailKind, facts: MailPayload, invoiceId: number | null = null): Promise<void> {
  await tx.$executeRaw`INSERT INTO "MailOutbox" ("email", "invoiceId", "kind", "payload") VALUES (${email}, ${invoiceId}::int, ${kind}, ${JSON.stringify(facts)}::jsonb)`;
}

/** How long a claimed row is left to its sender before another may try (longer than nodemailer's timeouts). */
const LEASE_MS = 10 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** Sent rows are kept this many days (what went out, for questions), then deleted. */
export const KEEP_SENT_DAYS = 30;
const KEEP_SENT_MS = KEEP_SENT_DAYS * 86_400_000;
/** An undelivered row is given up (deleted) this many days after it was written: the mail server refused it or was down all along. */
export const GIVE_UP_DAYS = 7;
const GIVE_UP_MS = GIVE_UP_DAYS * 86_400_000;
const BATCH = 20;

type ClaimedRow = { id: number; kind: MailKind; payload: MailPayload; attempts: number; createdAt: Date; email: string; invoiceId: number | null };

/** The files a mail carries (an invoice's PDF and XML), made when it goes out. */
export type Attach = (row: { kind: MailKind; invoiceId: number | null }) => Promise<Attachment[]>;

export type MailSender = {
  /** a change committed a mail: send soon */
  wake(): void;
  /** sends every due row (several rounds until none is due); answers how many went out */
  flush(): Promise<number>;
  /** stops the timer and waits for a round in flight */
  close(): Promise<void>;
};

export function mailSender(opts: {
  sql: RawRead;
  outbox: Outbox;
  publicUrl: string;
  /** the first retry's delay; it doubles with every failure up to an hour */
  retrySeconds: number;
  now?: () => Date;
  log?: (line: string) => void;
  /** the files of mails that carry some (invoices) */
  attach?: Attach;
  /** false: only flush() sends (no timer, wake does nothing); the integration tests decide when, so their statement counts hold */
  auto?: boolean;
}): MailSender {
  const { sql, outbox, publicUrl } = opts;
  const now = opts.now ?? (() => new Date());
  const log = opts.log ?? ((line: string) => console.error(line));
  const host = (() => {
    try {
      return new URL(publicUrl).hostname || os.hostname();
    } catch {
      return os.hostname();
    }
  })();
  let closed = false;
  let running: Promise<number> | null = null;
  let again = false;

  const claim = async (): Promise<ClaimedRow[]> => {
    const at = now();
    return sql<ClaimedRow>(
      `WITH due AS (
         SELECT id FROM "MailOutbox" WHERE "sentAt" IS NULL AND "nextAttemptAt" <= $1 ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE "MailOutbox" m SET "nextAttemptAt" = $2, attempts = m.attempts + 1 FROM due WHERE m.id = due.id
         RETURNING m.id, m.kind, m.payload, m.attempts, m."createdAt", m."userId", m.email, m."invoiceId"
       )
       SELECT c.id, c.kind, c.payload, c.attempts, c."createdAt", COALESCE(c.email, u.email) AS email, c."invoiceId"
       FROM claimed c LEFT JOIN "User" u ON u.id = c."userId" ORDER BY c.id`,
      [at, new Date(at.getTime() + LEASE_MS)],
    );
  };

  const sendOne = async (row: ClaimedRow): Promise<boolean> => {
    const mail = renderMail(row.kind, row.payload, publicUrl);
    try {
      const attachments = opts.attach && row.invoiceId ? await opts.attach(row) : [];
      if (attachments.length) Object.assign(mail, { attachments });
      // the same Message-ID on every attempt: a receiver can drop a copy sent again after a lost answer
      await outbox.deliver({ to: row.email, ...mail, messageId: `<mail-${row.id}.${new Date(row.createdAt).getTime()}@${host}>` });
    } catch (e) {
      const delay = Math.min(opts.retrySeconds * 1000 * 2 ** (row.attempts - 1), MAX_BACKOFF_MS);
      const message = e instanceof Error ? e.message : String(e);
      log(`E-Mail ${row.id} nicht gesendet (Versuch ${row.attempts}, nächster in ${Math.round(delay / 1000)} s): ${message}`);
      await sql(`UPDATE "MailOutbox" SET "nextAttemptAt" = $2, "lastError" = $3 WHERE id = $1`, [
        row.id,
        new Date(now().getTime() + delay),
        message.slice(0, 1000),
      ]);
      return false;
    }
    // the notice of a deletion names a registration that is gone: nothing of it is kept once it went out
    if (row.kind === "deleted") await sql(`DELETE FROM "MailOutbox" WHERE id = $1`, [row.id]);
    else await sql(`UPDATE "MailOutbox" SET "sentAt" = $2, "lastError" = NULL WHERE id = $1`, [row.id, now()]);
    return true;
  };

  /** Deletes the undelivered rows written more than GIVE_UP_DAYS ago, each logged with its last error. */
  const giveUp = async () => {
    const gone = await sql<{ id: number; attempts: number; lastError: string | null }>(
      `DELETE FROM "MailOutbox" WHERE "sentAt" IS NULL AND "createdAt" < $1 RETURNING id, attempts, "lastError"`,
      [new Date(now().getTime() - GIVE_UP_MS)],
    );
    for (const g of gone)
      log(`E-Mail ${g.id} nach ${GIVE_UP_DAYS} Tagen und ${g.attempts} Versuch(en) aufgegeben und gelöscht: ${g.lastError ?? "nicht zugestellt"}`);
  };

  const round = async (): Promise<number> => {
    let sent = 0;
    await giveUp();
    for (;;) {
      const rows = await claim();
      for (const row of rows) if (await sendOne(row)) sent++;
      if (rows.length < BATCH || closed) break;
    }
    await sql(`DELETE FROM "MailOutbox" WHERE "sentAt" < $1`, [new Date(now().getTime() - KEEP_SENT_MS)]);
    return sent;
  };

  const flush = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await round();
        } while (again && !closed);
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  };

  const run = () => {
    if (!closed) flush().catch((e) => !closed && log(`E-Mail-Versand: ${e instanceof Error ? e.message : String(e)}`));
  };
  const auto = opts.auto ?? true;
  // due retries (and rows another replica left after a crash) are picked up by the timer
  const timer = auto ? setInterval(run, Math.max(1, Math.min(opts.retrySeconds, 30)) * 1000) : undefined;
  timer?.unref();

  return {
    wake: () => {
      if (auto) setImmediate(run);
    },
    flush,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
