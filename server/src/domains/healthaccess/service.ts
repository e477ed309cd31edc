// Reads of camp health data leave a trace (docs/decisions.md "Reads of health data are recorded"):
// every door that answers decrypted camp data or a consent form (GraphQL `camp`, the /v1 reads,
// the consent-form downloads, the overview export) writes one access record per request: who,
// when, which registrations, through which door. Staff with registration_manage read them in a
// registration's history and in the district's access log ("Zugriffe auf Gesundheitsdaten").
// Records are kept HEALTH_DATA_ACCESS_LOG_DAYS days; the expiry round deletes them afterwards.
import DataLoader from "dataloader";
import { AppError } from "../../auth/errors.ts";
import { actsOn, authorize } from "../../auth/permissions.ts";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { isInt4 } from "../../shared/validation.ts";
import type { Tx } from "../audit/service.ts";
import { districtInScope, type ServiceCtx } from "../context.ts";

/** The doors through which health data leave the server, with their German labels (the access log's "Zugriff"). */
export const HEALTH_DATA_DOORS = {
  graphql: "Anmeldung angesehen",
  rest: "Anmeldung über die Schnittstelle (/v1) gelesen",
  restList: "Anmeldeliste über die Schnittstelle (/v1) gelesen",
  consentForm: "Einverständniserklärung heruntergeladen",
  consentForms: "Alle Einverständniserklärungen heruntergeladen (ZIP)",
  overviewExport: "Übersichtsliste mit Freizeitangaben exportiert",
  viewerExport: "„Meine Daten“ heruntergeladen",
  viewerConsentForms: "Eigene Einverständniserklärungen heruntergeladen (ZIP)",
  childExport: "Auskunft zu einem Kind exportiert (JSON)",
  childExportXlsx: "Auskunft zu einem Kind exportiert (Excel)",
} as const;
export type HealthDataDoor = keyof typeof HEALTH_DATA_DOORS;

export const doorLabel = (door: string) => (HEALTH_DATA_DOORS as Record<string, string>)[door] ?? door;

const DAY = 86_400_000;

/**
 * Records that the request of `ctx.principal` received the health data of `registrationIds` (D-exam
 * registrations) through `door`: one statement, one row per district association of the
 * registrations' events (the log's tenancy), whatever the number of rows. Ids of registrations that
 * no longer exist are left out. `db`: a transaction to record with a change, else the client.
 */
export async function recordHealthDataAccess(
  ctx: ServiceCtx,
  access: { registrationIds: readonly number[]; door: HealthDataDoor },
  db: Tx | PrismaClient = ctx.prisma,
): Promise<void> {
  const p = ctx.principal;
  const ids = [...new Set(access.registrationIds)].filter(isInt4);
  if (!p || ids.length === 0) return;
  const at = ctx.services.now();
  const expiresAt = new Date(at.getTime() + ctx.services.config.healthDataAccessLogDays * DAY);
  const actorUserId = p.kind === "client" ? null : p.userId;
  // instants as ISO text read in UTC (the columns hold UTC like every DateTime), whatever the session's time zone
  await db.$executeRaw`INSERT INTO "HealthDataAccess" ("at", "expiresAt", "actorUserId", "actorLabel", "door", "districtAssociationId", "registrationIds")
    SELECT (${at.toISOString()}::timestamptz AT TIME ZONE 'UTC'), (${expiresAt.toISOString()}::timestamptz AT TIME ZONE 'UTC'), ${actorUserId}::int, ${p.subject}, ${access.door}, e."districtAssociationId", array_agg(r."id" ORDER BY r."id")
    FROM "DexamRegistration" r JOIN "Event" e ON e."id" = r."eventId"
    WHERE r."id" = ANY(${ids}::int[])
    GROUP BY e."districtAssociationId"`;
}

/**
 * GraphQL: the `camp` fields a request resolves are recorded together, in one record (the batch is
 * every field asked for until the event loop turns: a list's rows are one level); the field answers
 * only once the record is written.
 */
const graphqlReads = new WeakMap<object, DataLoader<number, true>>();
export function recordGraphqlRead(ctx: ServiceCtx, registrationId: number): Promise<true> {
  let loader = graphqlReads.get(ctx);
  if (!loader) {
    loader = new DataLoader<number, true>(
      async (ids) => {
        await recordHealthDataAccess(ctx, { registrationIds: ids, door: "graphql" });
        return ids.map(() => true as const);
      },
      { batchScheduleFn: (run) => setImmediate(run) },
    );
    graphqlReads.set(ctx, loader);
  }
  return loader.load(registrationId);
}

/** The expiry round (events/expiry.ts): deletes the records past their keeping period; answers how many. */
export async function deleteExpiredHealthDataAccess(tx: Tx, now: Date): Promise<number> {
  return (await tx.healthDataAccess.deleteMany({ where: { expiresAt: { lt: now } } })).count;
}

/**
 * The records `ctx.principal` may read (healthDataAccess.list): of one registration (its history;
 * another district's registration is "not found"), or of a district association's log (the own;
 * admin names any).
 */
export async function healthDataAccessWhere(
  ctx: ServiceCtx,
  filter: { registrationId?: number | null; districtAssociationId?: number | null },
): Promise<Prisma.HealthDataAccessWhereInput> {
  const p = authorize(ctx.principal, "healthDataAccess.list");
  if (filter.registrationId == null) return { districtAssociationId: districtInScope(p, filter.districtAssociationId) };
  const id = filter.registrationId;
  const gone = () => new AppError("NOT_FOUND", "Anmeldung nicht gefunden");
  if (!isInt4(id)) throw gone();
  const district =
    (await ctx.prisma.dexamRegistration.findUnique({ where: { id }, select: { event: { select: { districtAssociationId: true } } } }))?.event
      .districtAssociationId ??
    // a deleted registration: the district its records name
    (await ctx.prisma.healthDataAccess.findFirst({ where: { registrationIds: { has: id } }, select: { districtAssociationId: true } }))?.districtAssociationId;
  if (district === undefined || !actsOn(p, "healthDataAccess.list", { districtAssociationId: district })) throw gone();
  return { districtAssociationId: district, registrationIds: { has: id } };
}
