// Who may see and change registrations (D-exams and competitions alike; spec sections 2 and 6):
// members act on their own clubs' registrations, the district's registration_read/manage see all
// of their district's events, registration_manage changes everything there. Another tenant's
// registration is "not found".
import { AppError, notFound, validationFailed } from "../../auth/errors.ts";
import { actsOn, actsOnWhere } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import type { DexamType, Event, EventLocation, FormType, Instrument, Prisma } from "../../generated/prisma/client.ts";
import type { OrderArgument, SortableList } from "../../graphql/orderBy.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import type { RegistrationFacts } from "../../mail/registrationMail.ts";
import { MSG, SORT_MSG } from "../../shared/messages.ts";
import { addDays, berlinTime } from "../../shared/time.ts";
import { isInt4 } from "../../shared/validation.ts";
import { audit, type Tx } from "../audit/service.ts";
import type { ServiceCtx } from "../context.ts";
import { deadlinePassed, isPublished } from "../events/rules.ts";
import { type KeyedRequest, saveKey } from "./idempotency.ts";

type District = Pick<Event, "districtAssociationId">;

/** Changes every registration of the event's district: the district roles of `dexam.update` (registration_manage; admin everywhere). */
export const isManager = (p: Principal | null, e: District) => actsOn(p, "dexam.update", { districtAssociationId: e.districtAssociationId });

/** Sees every registration of the event's district: the district roles of `dexam.read` (registration_read, registration_manage). */
export const isRegistrationStaff = (p: Principal | null, e: District) => actsOn(p, "dexam.read", { districtAssociationId: e.districtAssociationId });

/**
 * Staff who see results before their location publishes them: the district roles of
 * `results.practiceSheet` (registration_* and results_* of the event's district). Every door that
 * answers results to anyone else decides through dexam/service.ts visibleResult or
 * competition/service.ts visibleCompetitionResult (tests/integration/results/result-visibility.test.ts).
 */
export const seesUnpublishedResults = (p: Principal | null, e: District) =>
  actsOn(p, "results.practiceSheet", { districtAssociationId: e.districtAssociationId });

/**
 * Refuses (VALIDATION) a sort of the event's registrations by a result column (points), or a filter
 * by "result entered", to a caller who does not see every result of the event
 * (seesUnpublishedResults): the order or the rows would tell hidden points. Both doors of the
 * overviews call it (GraphQL `orderBy` and `filter`, /v1 `sort` and `status`).
 */
export async function refuseHiddenResults<F extends string>(
  ctx: ServiceCtx,
  eventId: number,
  list: SortableList<F>,
  orderBy: OrderArgument<F>,
  status: RegistrationStatus | null | undefined,
): Promise<void> {
  const bySort = !!orderBy && !!list.columns[orderBy.field].results;
  if (!bySort && status !== "RESULT_ENTERED") return;
  const event = isInt4(eventId) ? await ctx.prisma.event.findUnique({ where: { id: eventId }, select: { districtAssociationId: true } }) : null;
  // an event that does not exist lists no rows: nothing to tell
  if (!event || seesUnpublishedResults(ctx.principal, event)) return;
  if (bySort) throw new AppError("VALIDATION", SORT_MSG.resultsHidden);
  throw validationFailed({ status: SORT_MSG.resultsEnteredHidden });
}

/** The registration read rule in memory (`registrationScope` is the same rule for the database): the permission table's `op`. */
export function canReadRegistration(
  p: Principal | null,
  r: { associationId: number },
  e: District,
  op: "dexam.read" | "competition.read" = "dexam.read",
): boolean {
  return actsOn(p, op, { districtAssociationId: e.districtAssociationId, associationId: r.associationId });
}

/**
 * Reads a camp registration's health data (camp data, meal request, consent form): the account that
 * registered the child (`userId`) and the district's registration staff, admin (the permission table's
 * `dexam.campData.read`); every other reader of the registration (another account of the club) sees
 * only that there are camp data (docs/decisions.md "Who reads camp health data"). Every door that
 * answers camp data asks this, together with canReadRegistration.
 */
export function mayReadCampData(p: Principal | null, r: { associationId: number; userId: number | null }, e: District): boolean {
  return actsOn(p, "dexam.campData.read", { districtAssociationId: e.districtAssociationId, associationId: r.associationId, userId: r.userId });
}

/** The registration holds camp data (sealed, or a meal request not yet sealed): "Angaben zur Freizeit vorhanden". */
export const hasCampData = (r: { campDataEncrypted: Uint8Array | null; mealRequest: string | null }) => r.campDataEncrypted !== null || r.mealRequest !== null;

/**
 * A registration's status as the overview filters it (both kinds): live or cancelled; documents
 * incomplete (competitions: documentsComplete not set); an existing partial result not verified
 * (D-exams); a result entered (any points; only for callers who see every result of the event,
 * list.ts refuseHiddenResults) or published (points its location publishes, as visibleResult reads them).
 */
export const REGISTRATION_STATUSES = ["LIVE", "CANCELLED", "DOCUMENTS_INCOMPLETE", "NOT_VERIFIED", "RESULT_ENTERED", "RESULT_PUBLISHED"] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The filters of the registration lists (overview, GraphQL connections, /v1). Each one narrows the caller's scope, never widens it. */
export type RegistrationFilter = {
  eventId: number;
  /** theory, practice or preparation location (D-exams); the location (competitions) */
  locationId?: number | null;
  /** the club (Verein) */
  associationId?: number | null;
  /** changed at or after this instant (polling) */
  updatedSince?: Date | null;
  search?: string | null;
  /** D-exams only: the instrument and the course (D1, D2, D3) */
  instrument?: Instrument | null;
  course?: DexamType | null;
  status?: RegistrationStatus | null;
  /** created on or after this day, on or before that day ("yyyy-mm-dd", Europe/Berlin) */
  createdFrom?: string | null;
  createdTo?: string | null;
};

/** The overview's filter as GraphQL receives it: the event as a global id. */
export type RegistrationFilterArgs = Omit<RegistrationFilter, "eventId"> & { eventId: { typename: string; id: string } };

/** A filter a kind does not know (a competition's instrument, a D-exam's documents): refused, never ignored. */
export const filterRefused = (field: string, what: string) => validationFailed({ [field]: `${what} gibt es bei diesen Anmeldungen nicht` });

/**
 * The filters both registration kinds share (club, changed since, created between, live or
 * cancelled), as conditions for an AND list; an empty or reversed "created between" is refused.
 */
export function sharedFilterConditions(filter: RegistrationFilter): object[] {
  const { createdFrom: from, createdTo: to } = filter;
  if (from && to && from > to) throw validationFailed({ createdTo: MSG.createdBetween });
  return [
    ...(filter.associationId ? [{ associationId: filter.associationId }] : []),
    ...(filter.updatedSince ? [{ updatedAt: { gte: filter.updatedSince } }] : []),
    ...(from ? [{ createdAt: { gte: berlinTime(from, 0, 0, 0) } }] : []),
    ...(to ? [{ createdAt: { lt: berlinTime(addDays(to, 1), 0, 0, 0) } }] : []),
    ...(filter.status === "LIVE" ? [{ cancelledAt: null }] : []),
    ...(filter.status === "CANCELLED" ? [{ cancelledAt: { not: null } }] : []),
  ];
}

/** How registrations name their owner: the event's district, the club. */
const REGISTRATION_OWNER = {
  district: (districtAssociationId: number) => ({ event: { districtAssociationId } }),
  clubs: (associationIds: number[]) => ({ associationId: { in: associationIds } }),
};

/**
 * Whose registrations a caller's lists hold, as a Prisma where (the permission table's `op`):
 * every registration (admin); otherwise its clubs', and for the district roles also every
 * registration of the district's events.
 */
export function registrationScope(p: Principal, op: "dexam.list" | "competition.list" = "dexam.list") {
  return actsOnWhere(p, op, REGISTRATION_OWNER);
}

export const managerOnly = (what: string) => new AppError("FORBIDDEN", `${what} darf nur die Anmeldungsverwaltung (registration_manage) ändern`);

export type EventWithLocations = Event & { locations: EventLocation[] };

/**
 * The event a new registration is checked against (of one of `formTypes`, else "not found"), with
 * its locations ordered by id, read inside the create's transaction after a share lock on the event
 * row and its locations' rows: a change to the event or to one of its locations (deadline,
 * publication, a location's instruments or courses) waits until the create commits, and a create
 * that comes while such a change is under way waits for it and is checked against its result.
 * Location writes lock only their own row, so the locks always come in the order event, locations
 * and cannot deadlock (docs/decisions.md "Creating a registration").
 */
export async function lockEventForRegistration(tx: Tx, eventId: number, formTypes: readonly FormType[]): Promise<EventWithLocations> {
  // ids out of the int4 range exist nowhere (and must not reach PostgreSQL as int4 parameters)
  if (!isInt4(eventId)) throw notFound("Veranstaltung");
  await tx.$queryRaw`WITH e AS (SELECT id FROM "Event" WHERE id = ${eventId}::int FOR SHARE),
    l AS (SELECT id FROM "EventLocation" WHERE "eventId" = ${eventId}::int FOR SHARE)
    SELECT (SELECT count(*) FROM e)::int AS events, (SELECT count(*) FROM l)::int AS locations`;
  const event = await tx.event.findUnique({ where: { id: eventId }, include: { locations: { orderBy: { id: "asc" } } } });
  if (!event || !formTypes.includes(event.formType)) throw notFound("Veranstaltung");
  return event;
}

/** What a create writes beside its registration row, in the same transaction. */
export type CreateRecord = {
  entity: "DexamRegistration" | "CompetitionRegistration";
  action: "create" | "takeover";
  registration: { id: number; associationId: number };
  event: Pick<Event, "districtAssociationId">;
  details?: Prisma.InputJsonValue;
  /** the create's idempotency key (registrations/idempotency.ts), if it came with one */
  request: KeyedRequest | null;
  /** the confirmation e-mail's content (mail/registrationMail.ts) */
  facts: RegistrationFacts;
};

/**
 * Who gets a new registration's confirmation (both kinds): the registering user when the club is one
 * of their own; when staff register for another club (by phone, say), the club's accounts instead
 * (not blocked), never the staff member; a machine client has no user row: nobody.
 */
async function confirmationRecipients(tx: Tx, principal: Principal, associationId: number): Promise<number[]> {
  if (principal.kind !== "user") return [];
  if (principal.associationIds.includes(associationId)) return [principal.userId];
  const accounts = await tx.userAssociation.findMany({
    where: { associationId, user: { blocked: false } },
    select: { userId: true },
    orderBy: { userId: "asc" },
  });
  return accounts.map((a) => a.userId);
}

/**
 * The rest of a create, inside its transaction: its audit entry, its idempotency key's row, and the
 * confirmation e-mails (confirmationRecipients). Answers whether a mail was written; then the
 * caller wakes the sender after the commit.
 */
export async function recordCreate(tx: Tx, ctx: ServiceCtx, principal: Principal, c: CreateRecord): Promise<boolean> {
  const { districtAssociationId } = c.event;
  await audit(tx, principal, {
    action: c.action,
    entity: c.entity,
    entityId: c.registration.id,
    districtAssociationId,
    ...(c.details !== undefined ? { details: c.details } : {}),
  });
  if (c.request) await saveKey(tx, c.request, c.registration.id, ctx.services.now());
  let mailed = false;
  for (const userId of await confirmationRecipients(tx, principal, c.registration.associationId))
    mailed = (await enqueueMail(tx, { userId, associationId: c.registration.associationId, districtAssociationId }, "created", c.facts)) || mailed;
  return mailed;
}

/** The operations that choose a registration's club: the create's and the edit's of each kind. */
export type ClubOperation = "dexam.create" | "competition.create" | "dexam.update" | "competition.update";

/**
 * The club a registration is created for or moved to: one the caller acts on under `op`'s tenancy
 * in the permission table (actsOn): an own club (no lookup, the principal lists them), or, with the
 * operation's district roles (registration_manage), an existing club of the own district (any club
 * for an administrator); a machine client (API client) has no clubs, so only the latter. Only a
 * manager of the event looks beyond the own clubs. Anything else is "Verein nicht gefunden". `db`:
 * the create's transaction, or the Prisma client.
 */
export async function checkClub(db: Tx, p: Principal, op: ClubOperation, associationId: number | null | undefined, manager: boolean) {
  if (!associationId || p.associationIds.includes(associationId)) return;
  const found =
    manager && isInt4(associationId) ? await db.association.findUnique({ where: { id: associationId }, select: { districtAssociationId: true } }) : null;
  if (!found || !actsOn(p, op, { districtAssociationId: found.districtAssociationId, associationId })) throw notFound("Verein");
}

/**
 * Before a new registration: the club is one of the member's own (registration_manage: any club
 * of the district; another club is "not found", R-VA042, R-VA043); members also need a published
 * event before its deadline and a complete profile. Returns whether the caller manages the event.
 */
export async function checkNewRegistration(
  tx: Tx,
  now: Date,
  p: Principal,
  op: "dexam.create" | "competition.create",
  event: Event,
  associationId: number | null | undefined,
): Promise<{ manager: boolean }> {
  const manager = isManager(p, event);
  await checkClub(tx, p, op, associationId, manager);
  if (!manager) {
    if (!isPublished(event, now)) throw notFound("Veranstaltung");
    if (deadlinePassed(event, now)) throw new AppError("CONFLICT", "Der Anmeldeschluss ist vorbei");
    if (!p.profileComplete) throw new AppError("CONFLICT", "Fehler: Benutzerprofil unvollständig");
  }
  return { manager };
}
