// Decision R-EV006: an event is deleted automatically (with its locations,
// registrations, results, camp health data and files) once its expiration day ("automatische
// Löschung") has passed. The running server schedules the job (at start, then every six hours;
// app.ts), and every replica may run it at the same moment: the job runs in one transaction that
// first takes a lease, PostgreSQL's transaction-scoped advisory lock EXPIRY_LEASE. Only one
// replica holds it; the others skip this round and report so. A replica that dies while holding it
// loses it with its connection, so no lease outlives its holder. The clock is a parameter (`now`):
// tests pass a fake one. An event goes the way deleteEvent deletes it (service.ts deleteEventRows):
// what names its registrations (audit entries, mails, files) goes too, and the
// system's "expire" entry keeps only the counts. The same round deletes audit entries older than
// the audit log's retention (AUDIT_RETENTION_DAYS) and the idempotency keys of creates that have expired.

import { DEFAULT_AUDIT_RETENTION_DAYS } from "../../config.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { DEFAULT_CHANGE_RETENTION_DAYS, pruneChanges } from "../changes/retention.ts";
import { deleteExpiredHealthDataAccess } from "../healthaccess/service.ts";
import { deleteExpiredKeys } from "../registrations/idempotency.ts";
import { pruneDeliveries } from "../webhooks/sender.ts";
import { deleteEventRows } from "./service.ts";

/** advisory lock key of the expiry job (any bigint unique to this job) */
export const EXPIRY_LEASE = 7_300_601;

export type ExpiryReport = {
  events: number;
  dexamRegistrations: number;
  competitionRegistrations: number;
  /** D-exam registrations that carried (encrypted) camp health data */
  campHealthRecords: number;
  /** registrations that carried a result (theory/practice points, a competition rating) */
  results: number;
  /** stored files: consent forms and practice sheets */
  files: number;
  /** audit entries of the deleted registrations */
  auditEntries: number;
  /** outbox mails written for the deleted registrations */
  mails: number;
  /** audit entries older than the audit log's retention (any record) */
  expiredAuditEntries: number;
};

const EMPTY: ExpiryReport = {
  events: 0,
  dexamRegistrations: 0,
  competitionRegistrations: 0,
  campHealthRecords: 0,
  results: 0,
  files: 0,
  auditEntries: 0,
  mails: 0,
  expiredAuditEntries: 0,
};

export type ExpiryOptions = {
  /** audit entries older than this many days are deleted (config.auditRetentionDays) */
  auditRetentionDays?: number;
  /** superseded changes and tombstones of the change feed older than this many days are deleted (config.changeRetentionDays) */
  changeRetentionDays?: number;
};

/**
 * Deletes every event whose expiration is before `now`, with everything that belongs to it.
 * Returns what was deleted, or null when another server holds the lease right now.
 */
export async function deleteExpiredEvents(prisma: PrismaClient, now: Date, opts: ExpiryOptions = {}): Promise<ExpiryReport | null> {
  const retentionDays = opts.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS;
  return prisma.$transaction(
    async (tx) => {
      const [{ leased }] = await tx.$queryRaw<{ leased: boolean }[]>`SELECT pg_try_advisory_xact_lock(${EXPIRY_LEASE}::bigint) AS leased`;
      if (!leased) return null;
      const total = { ...EMPTY };
      // the audit log's retention first: the "expire" entries this round writes are new
      total.expiredAuditEntries = (await tx.auditEntry.deleteMany({ where: { at: { lt: new Date(now.getTime() - retentionDays * 86_400_000) } } })).count;
      const expired = await tx.event.findMany({ where: { expiration: { lt: now } }, select: { id: true, name: true, districtAssociationId: true } });
      for (const e of expired) {
        const [dexam, competition, camp, dexamResults, competitionResults] = await Promise.all([
          tx.dexamRegistration.count({ where: { eventId: e.id } }),
          tx.competitionRegistration.count({ where: { eventId: e.id } }),
          tx.dexamRegistration.count({ where: { eventId: e.id, campDataEncrypted: { not: null } } }),
          tx.dexamRegistration.count({ where: { eventId: e.id, OR: [{ theoryPoints: { not: null } }, { practicePoints: { not: null } }] } }),
          tx.competitionRegistration.count({ where: { eventId: e.id, points: { not: null } } }),
        ]);
        // the registrations' files, audit entries and mails, then the event with everything under it
        const traces = await deleteEventRows(tx, e.id);
        const counts: Omit<ExpiryReport, "expiredAuditEntries"> = {
          events: 1,
          dexamRegistrations: dexam,
          competitionRegistrations: competition,
          campHealthRecords: camp,
          results: dexamResults + competitionResults,
          files: traces.files,
          auditEntries: traces.auditEntries,
          mails: traces.mails,
        };
        await tx.auditEntry.create({
          data: {
            actorLabel: "system",
            action: "expire",
            entity: "Event",
            entityId: e.id,
            districtAssociationId: e.districtAssociationId,
            details: { name: e.name, ...counts },
          },
        });
        for (const k of Object.keys(counts) as (keyof typeof counts)[]) total[k] += counts[k];
      }
      // the idempotency keys of creates older than a day (registrations/idempotency.ts): no event data, not reported
      await deleteExpiredKeys(tx, now);
      // the access records of health data past HEALTH_DATA_ACCESS_LOG_DAYS (healthaccess/service.ts)
      await deleteExpiredHealthDataAccess(tx, now);
      // the change feed's superseded changes and tombstones past CHANGE_RETENTION_DAYS (changes/retention.ts)
      await pruneChanges(tx, now, opts.changeRetentionDays ?? DEFAULT_CHANGE_RETENTION_DAYS);
      // the webhook delivery log's sent and given-up rows past KEEP_DELIVERIES_DAYS (webhooks/sender.ts)
      await pruneDeliveries(tx, now);
      return total;
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

/** One scheduled round: runs the job and logs what it deleted (or that another server had the lease). */
export async function runExpiryJob(
  prisma: PrismaClient,
  now: Date,
  log: (line: string) => void = console.log,
  opts: ExpiryOptions = {},
): Promise<ExpiryReport | null> {
  const report = await deleteExpiredEvents(prisma, now, opts);
  if (report === null) log("Automatische Löschung: ein anderer Server führt sie gerade aus");
  else {
    if (report.events > 0)
      log(
        `Automatische Löschung: ${report.events} Veranstaltung(en), ${report.dexamRegistrations} D-Prüfungs- und ` +
          `${report.competitionRegistrations} Wertungsspiel-Anmeldung(en), ${report.results} Ergebnis(se), ` +
          `${report.campHealthRecords} Freizeit-Gesundheitsangabe(n), ${report.files} Datei(en), ` +
          `${report.auditEntries} Protokolleintrag/-einträge und ${report.mails} E-Mail(s) gelöscht`,
      );
    if (report.expiredAuditEntries > 0) log(`Änderungsprotokoll: ${report.expiredAuditEntries} Eintrag/Einträge nach Ablauf der Aufbewahrungsfrist gelöscht`);
  }
  return report;
}
