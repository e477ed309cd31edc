// What a registration leaves beside its own row, removed with it (docs/decisions.md "What a deleted
// registration takes with it"): every delete path (a registration's deletion, the event's, the
// district association's, the automatic deletion in events/expiry.ts) calls deleteRegistrationTraces
// in its transaction BEFORE deleting the registration rows, so no row anywhere still names a
// deleted child:
// - its stored files (consent form, practice sheet): separate rows the registration points to;
// - its audit entries (entity DexamRegistration / CompetitionRegistration and its id): they hold
//   names, remarks and points in their details; the caller may keep a count in its own entry;
// - the mails of the outbox written for it (payload `registration` and `id`), sent or not;
// - its timetable slots (THEORY/PRACTICE of a D-exam, PERFORMANCE of a competition).
// Not its idempotency key (registrations/idempotency.ts): it holds no name (the caller's subject,
// the client's key, a hash of the request), is deleted 24 hours after the create, and until then
// makes a retried create answer 404 instead of writing the deleted registration again (R-API050).
// A table added later that names a registration adds its rows here (and the automatic-deletion test,
// tests/integration/events/expiry-traces.test.ts, finds it when it does not).
import { Prisma } from "../../generated/prisma/client.ts";

type Tx = Prisma.TransactionClient;

/** The registrations whose traces go: D-exam and competition ids. */
export type RegistrationIds = { dexamIds: readonly number[]; competitionIds: readonly number[] };

/** What deleteRegistrationTraces removed (the counts an audit entry may keep). */
export type TraceCounts = { files: number; auditEntries: number; mails: number };

/** The registration ids of the events matching `where` (an event's, a district's, the expired ones). */
export async function registrationsOfEvents(tx: Tx, where: Prisma.EventWhereInput): Promise<{ dexamIds: number[]; competitionIds: number[] }> {
  const [dexam, competition] = await Promise.all([
    tx.dexamRegistration.findMany({ where: { event: where }, select: { id: true } }),
    tx.competitionRegistration.findMany({ where: { event: where }, select: { id: true } }),
  ]);
  return { dexamIds: dexam.map((r) => r.id), competitionIds: competition.map((r) => r.id) };
}

/** The outbox rows naming one of `ids` of the kind `kind` (the mail payload's `registration` and `id`). */
const mailsOf = (kind: "dexam" | "competition", ids: readonly number[]) =>
  Prisma.sql`("payload"->>'registration' = ${kind} AND "payload"->>'id' IN (${Prisma.join(ids.map(String))}))`;

/**
 * Removes everything that names the registrations `ids` except their own rows (see the head of the
 * file), in the caller's transaction; call it before deleting them. Answers the counts.
 */
export async function deleteRegistrationTraces(tx: Tx, ids: RegistrationIds): Promise<TraceCounts> {
  const total: TraceCounts = { files: 0, auditEntries: 0, mails: 0 };
  // a district's or a large event's thousands of ids in slices: a statement takes at most 65535 parameters
  for (let i = 0; i < Math.max(ids.dexamIds.length, ids.competitionIds.length); i += SLICE) {
    const counts = await deleteSlice(tx, ids.dexamIds.slice(i, i + SLICE), ids.competitionIds.slice(i, i + SLICE));
    for (const k of Object.keys(total) as (keyof TraceCounts)[]) total[k] += counts[k];
  }
  return total;
}

const SLICE = 5000;

async function deleteSlice(tx: Tx, dexamIds: number[], competitionIds: number[]): Promise<TraceCounts> {
  const counts: TraceCounts = { files: 0, auditEntries: 0, mails: 0 };
  if (!dexamIds.length && !competitionIds.length) return counts;

  if (dexamIds.length) {
    // the registration's reference is set null by the foreign key (ON DELETE SET NULL)
    const files = await tx.storedFile.findMany({
      where: { OR: [{ consentFormOf: { id: { in: dexamIds } } }, { practiceSheetOf: { id: { in: dexamIds } } }] },
      select: { id: true },
    });
    if (files.length) counts.files = (await tx.storedFile.deleteMany({ where: { id: { in: files.map((f) => f.id) } } })).count;
  }

  const entries: Prisma.AuditEntryWhereInput[] = [];
  if (dexamIds.length) entries.push({ entity: "DexamRegistration", entityId: { in: dexamIds } });
  if (competitionIds.length) entries.push({ entity: "CompetitionRegistration", entityId: { in: competitionIds } });
  counts.auditEntries = (await tx.auditEntry.deleteMany({ where: { OR: entries } })).count;

  const mails: Prisma.Sql[] = [];
  if (dexamIds.length) mails.push(mailsOf("dexam", dexamIds));
  if (competitionIds.length) mails.push(mailsOf("competition", competitionIds));
  counts.mails = await tx.$executeRaw`DELETE FROM "MailOutbox" WHERE ${Prisma.join(mails, " OR ")}`;

  const slots: Prisma.TimetableSlotWhereInput[] = [];
  if (dexamIds.length) slots.push({ part: { in: ["THEORY", "PRACTICE"] }, registrationId: { in: dexamIds } });
  if (competitionIds.length) slots.push({ part: "PERFORMANCE", registrationId: { in: competitionIds } });
  await tx.timetableSlot.deleteMany({ where: { OR: slots } });

  return counts;
}
