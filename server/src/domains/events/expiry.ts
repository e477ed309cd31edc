// Decision R-EV006 and issue 10 item 8: an event is deleted automatically (with its locations,
// registrations, results, camp health data and files) once its expiration day ("automatische
// Löschung") has passed. The running server schedules the job (at start, then every six hours;
// app.ts), and every replica may run it at the same moment: the job runs in one transaction that
// first takes a lease, PostgreSQL's transaction-scoped advisory lock EXPIRY_LEASE. Only one
// replica holds it; the others skip this round and report so. A replica that dies while holding it
// loses it with its connection, so no lease outlives its holder. The clock is a parameter (`now`):
// tests pass a fake one. The same round deletes the idempotency keys of creates that have expired.
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { deleteExpiredHealthDataAccess } from "../healthaccess/service.ts";
import { deleteExpiredKeys } from "../registrations/idempotency.ts";

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
};

const EMPTY: ExpiryReport = { events: 0, dexamRegistrations: 0, competitionRegistrations: 0, campHealthRecords: 0, results: 0, files: 0 };

/**
 * Deletes every event whose expiration is before `now`, with everything that belongs to it.
 * Returns what was deleted, or null when another server holds the lease right now.
 */
export async function deleteExpiredEvents(prisma: PrismaClient, now: Date): Promise<ExpiryReport | null> {
  return prisma.$transaction(
    async (tx) => {
      const [{ leased }] = await tx.$queryRaw<{ leased: boolean }[]>`SELECT pg_try_advisory_xact_lock(${EXPIRY_LEASE}::bigint) AS leased`;
      if (!leased) return null;
      const expired = await tx.event.findMany({ where: { expiration: { lt: now } }, select: { id: true, name: true, districtAssociationId: true } });
      const total = { ...EMPTY };
      for (const e of expired) {
        const [dexam, competition, camp, dexamResults, competitionResults, files] = await Promise.all([
          tx.dexamRegistration.count({ where: { eventId: e.id } }),
          tx.competitionRegistration.count({ where: { eventId: e.id } }),
          tx.dexamRegistration.count({ where: { eventId: e.id, campDataEncrypted: { not: null } } }),
          tx.dexamRegistration.count({ where: { eventId: e.id, OR: [{ theoryPoints: { not: null } }, { practicePoints: { not: null } }] } }),
          tx.competitionRegistration.count({ where: { eventId: e.id, points: { not: null } } }),
          tx.storedFile.findMany({
            where: { OR: [{ consentFormOf: { eventId: e.id } }, { practiceSheetOf: { eventId: e.id } }] },
            select: { id: true },
          }),
        ]);
        const counts: ExpiryReport = {
          events: 1,
          dexamRegistrations: dexam,
          competitionRegistrations: competition,
          campHealthRecords: camp,
          results: dexamResults + competitionResults,
          files: files.length,
        };
        // registrations, locations and results go with the event (ON DELETE CASCADE); files are separate rows
        await tx.event.delete({ where: { id: e.id } });
        if (files.length) await tx.storedFile.deleteMany({ where: { id: { in: files.map((f) => f.id) } } });
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
        for (const k of Object.keys(total) as (keyof ExpiryReport)[]) total[k] += counts[k];
      }
      // the idempotency keys of creates older than a day (registrations/idempotency.ts): no event data, not reported
      await deleteExpiredKeys(tx, now);
      // the access records of health data past HEALTH_DATA_ACCESS_LOG_DAYS (healthaccess/service.ts)
      await deleteExpiredHealthDataAccess(tx, now);
      return total;
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

/** One scheduled round: runs the job and logs what it deleted (or that another server had the lease). */
export async function runExpiryJob(prisma: PrismaClient, now: Date, log: (line: string) => void = console.log): Promise<ExpiryReport | null> {
  const report = await deleteExpiredEvents(prisma, now);
  if (report === null) log("Automatische Löschung: ein anderer Server führt sie gerade aus");
  else if (report.events > 0)
    log(
      `Automatische Löschung: ${report.events} Veranstaltung(en), ${report.dexamRegistrations} D-Prüfungs- und ` +
        `${report.competitionRegistrations} Wertungsspiel-Anmeldung(en), ${report.results} Ergebnis(se), ` +
        `${report.campHealthRecords} Freizeit-Gesundheitsangabe(n), ${report.files} Datei(en) gelöscht`,
    );
  return report;
}
