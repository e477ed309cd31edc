// The webhook outbox's sender (docs/decisions.md "Webhooks"): the trigger change_feed_capture writes
// a WebhookDelivery row in the change's transaction for each enabled endpoint of the district that
// chose the event type; after the commit this sender claims due rows FOR UPDATE SKIP LOCKED, moving
// them on by a lease in the same statement (the mail outbox's pattern), so replicas never send a
// row twice, and posts them signed (signing.ts) to the endpoint. At least once: a failure (no 2xx,
// a redirect, a refused address, a timeout) moves the row on by a backoff that doubles from
// WEBHOOK_RETRY_SECONDS up to an hour; after MAX_ATTEMPTS it is given up (failedAt). An endpoint
// that failed DISABLE_AFTER_FAILURES attempts in a row is disabled and its creator gets a mail.
import http from "node:http";
import https from "node:https";
import type { DataKey } from "../../crypto/aead.ts";
import { decrypt } from "../../crypto/aead.ts";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { guardedLookup, InnerAddressError, isInnerAddress, literalAddress } from "./address.ts";
import { webhookHeaders } from "./signing.ts";

const LEASE_MS = 5 * 60_000;
/** A delivered or given-up delivery stays in the log this many days, then the automatic-deletion round deletes it. */
export const KEEP_DELIVERIES_DAYS = 30;

/** Deletes the delivery log's rows delivered or given up more than KEEP_DELIVERIES_DAYS ago (events/expiry.ts). */
export async function pruneDeliveries(tx: Prisma.TransactionClient, now: Date): Promise<number> {
  const before = new Date(now.getTime() - KEEP_DELIVERIES_DAYS * 86_400_000);
  return (await tx.webhookDelivery.deleteMany({ where: { OR: [{ deliveredAt: { lt: before } }, { failedAt: { lt: before } }] } })).count;
}
const MAX_BACKOFF_MS = 60 * 60_000;
/** A delivery is given up after this many attempts (with the default 30 s: about seven hours). */
export const MAX_ATTEMPTS = 12;
/** An endpoint is disabled after this many failed attempts in a row (any of its deliveries). */
export const DISABLE_AFTER_FAILURES = 20;
/** How long one attempt may take. */
const TIMEOUT_MS = 10_000;
const BATCH = 20;
/** How often a sender looks for due rows (the trigger writes them; no process is told). */
const POLL_MS = 1000;

type Claimed = {
  id: number;
  endpointId: number;
  payload: unknown;
  attempts: number;
  url: string;
  secretEncrypted: Uint8Array;
  previousSecretEncrypted: Uint8Array | null;
  previousSecretUntil: Date | null;
};

export type WebhookSender = {
  flush(): Promise<number>;
  close(): Promise<void>;
};

export type Attempt = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** One POST, no redirects followed, the address checked after resolution. */
export function post(url: string, headers: Record<string, string>, body: string, allowPrivate: boolean): Promise<Attempt> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ ok: false, status: null, error: "Ungültige Adresse" });
    }
    const literal = literalAddress(target);
    if (literal && !allowPrivate && isInnerAddress(literal))
      return resolve({ ok: false, status: null, error: new InnerAddressError(target.hostname, literal).message });
    const client = target.protocol === "https:" ? https : http;
    const req = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)), "user-agent": "Anmeldesystem-Webhooks" },
        lookup: guardedLookup(allowPrivate) as never,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        res.on("end", () => {
          if (status >= 200 && status < 300) resolve({ ok: true, status });
          else if (status >= 300 && status < 400) resolve({ ok: false, status, error: `Weiterleitung (${status}) wird nicht gefolgt` });
          else resolve({ ok: false, status, error: `Antwort ${status}` });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`Keine Antwort nach ${TIMEOUT_MS / 1000} s`)));
    req.on("error", (e) => resolve({ ok: false, status: null, error: e.message }));
    req.end(body);
  });
}

export function webhookSender(opts: {
  prisma: PrismaClient;
  dataKey: DataKey;
  retrySeconds: number;
  allowPrivate: boolean;
  now?: () => Date;
  log?: (line: string) => void;
  /** after an endpoint was disabled (its creator's mail is in the outbox) */
  mailWritten?: () => void;
  /** false: only flush() sends (tests) */
  auto?: boolean;
}): WebhookSender {
  const { prisma } = opts;
  const now = opts.now ?? (() => new Date());
  const log = opts.log ?? ((line: string) => console.error(line));
  let closed = false;
  let running: Promise<number> | null = null;

  const claim = (): Promise<Claimed[]> => {
    const at = now();
    return prisma.$queryRawUnsafe<Claimed[]>(
      `WITH due AS (
         SELECT d.id FROM "WebhookDelivery" d JOIN "WebhookEndpoint" w ON w.id = d."endpointId"
          WHERE d."deliveredAt" IS NULL AND d."failedAt" IS NULL AND d."nextAttemptAt" <= $1 AND w."disabledAt" IS NULL
          ORDER BY d.id LIMIT ${BATCH} FOR UPDATE OF d SKIP LOCKED
       ), claimed AS (
         UPDATE "WebhookDelivery" d SET "nextAttemptAt" = $2, attempts = d.attempts + 1 FROM due WHERE d.id = due.id
         RETURNING d.id, d."endpointId", d.payload, d.attempts
       )
       SELECT c.id, c."endpointId", c.payload, c.attempts, w.url, w."secretEncrypted", w."previousSecretEncrypted", w."previousSecretUntil"
         FROM claimed c JOIN "WebhookEndpoint" w ON w.id = c."endpointId" ORDER BY c.id`,
      at,
      new Date(at.getTime() + LEASE_MS),
    );
  };

  const disable = async (endpointId: number) => {
    const mailed = await prisma.$transaction(async (tx) => {
      const [w] = await tx.$queryRaw<{ url: string; createdById: number | null; districtAssociationId: number }[]>`
        UPDATE "WebhookEndpoint" SET "disabledAt" = ${now()}, "disabledReason" = ${`Nach ${DISABLE_AFTER_FAILURES} fehlgeschlagenen Zustellungen in Folge abgeschaltet`}, "updatedAt" = ${now()}, version = version + 1
         WHERE id = ${endpointId} AND "disabledAt" IS NULL RETURNING url, "createdById", "districtAssociationId"`;
      if (!w) return false;
      log(`Webhook-Endpunkt ${endpointId} nach ${DISABLE_AFTER_FAILURES} fehlgeschlagenen Zustellungen abgeschaltet`);
      return enqueueMail(tx, { userId: w.createdById, associationId: null, districtAssociationId: w.districtAssociationId }, "webhookDisabled", {
        url: w.url,
        failures: DISABLE_AFTER_FAILURES,
      });
    });
    if (mailed) opts.mailWritten?.();
  };

  const sendOne = async (row: Claimed): Promise<boolean> => {
    const secrets = [decrypt(opts.dataKey, row.secretEncrypted).toString("utf8")];
    if (row.previousSecretEncrypted && row.previousSecretUntil && row.previousSecretUntil > now())
      secrets.push(decrypt(opts.dataKey, row.previousSecretEncrypted).toString("utf8"));
    const body = JSON.stringify(row.payload);
    const result = await post(row.url, webhookHeaders(secrets, `msg_${row.id}`, Math.floor(now().getTime() / 1000), body), body, opts.allowPrivate);
    if (result.ok) {
      await prisma.$executeRaw`UPDATE "WebhookDelivery" SET "deliveredAt" = ${now()}, "lastStatus" = ${result.status}, "lastError" = NULL WHERE id = ${row.id}`;
      await prisma.$executeRaw`UPDATE "WebhookEndpoint" SET "consecutiveFailures" = 0 WHERE id = ${row.endpointId} AND "consecutiveFailures" <> 0`;
      return true;
    }
    const giveUp = row.attempts >= MAX_ATTEMPTS;
    const delay = Math.min(opts.retrySeconds * 1000 * 2 ** (row.attempts - 1), MAX_BACKOFF_MS);
    log(
      `Webhook ${row.id} an Endpunkt ${row.endpointId} nicht zugestellt (Versuch ${row.attempts}${giveUp ? ", aufgegeben" : `, nächster in ${Math.round(delay / 1000)} s`}): ${result.error}`,
    );
    await prisma.$executeRaw`UPDATE "WebhookDelivery" SET "nextAttemptAt" = ${new Date(now().getTime() + delay)}, "failedAt" = ${giveUp ? now() : null},
      "lastStatus" = ${result.status}, "lastError" = ${result.error.slice(0, 1000)} WHERE id = ${row.id}`;
    const [{ failures }] = await prisma.$queryRaw<{ failures: number }[]>`
      UPDATE "WebhookEndpoint" SET "consecutiveFailures" = "consecutiveFailures" + 1 WHERE id = ${row.endpointId} RETURNING "consecutiveFailures" AS failures`;
    if (failures >= DISABLE_AFTER_FAILURES) await disable(row.endpointId);
    return false;
  };

  const round = async (): Promise<number> => {
    let sent = 0;
    for (;;) {
      const rows = await claim();
      // one endpoint's rows in order; endpoints at once
      const byEndpoint = new Map<number, Claimed[]>();
      for (const r of rows) byEndpoint.set(r.endpointId, [...(byEndpoint.get(r.endpointId) ?? []), r]);
      await Promise.all(
        [...byEndpoint.values()].map(async (list) => {
          for (const r of list) if (await sendOne(r)) sent++;
        }),
      );
      if (rows.length < BATCH || closed) break;
    }
    return sent;
  };

  const flush = (): Promise<number> => {
    if (running) return running.then(() => flush());
    running = round().finally(() => {
      running = null;
    });
    return running;
  };

  const auto = opts.auto ?? true;
  const timer = auto
    ? setInterval(() => {
        if (!closed && !running) flush().catch((e) => !closed && log(`Webhook-Versand: ${e instanceof Error ? e.message : String(e)}`));
      }, POLL_MS)
    : undefined;
  timer?.unref();

  return {
    flush,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
