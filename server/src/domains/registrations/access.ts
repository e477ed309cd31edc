// Who may see and change registrations (D-exams and competitions alike; spec sections 2 and 6):
// members act on their own clubs' registrations, the district's registration_read/manage see all
// of their district's events, registration_manage changes everything there. Another tenant's
// registration is "not found".
import { AppError, notFound } from "../../auth/errors.ts";
import type { Principal } from "../../auth/principal.ts";
import { type Event, type EventLocation, type FormType, Prisma } from "../../generated/prisma/client.ts";
import { mailStep } from "../../mail/outbox.ts";
import type { RegistrationFacts } from "../../mail/registrationMail.ts";
import { hasAnyRole, type RoleName } from "../../shared/roles.ts";
import { isInt4 } from "../../shared/validation.ts";
import { type AuditInput, type InsertStep, insertWithAudit, type Ref } from "../audit/service.ts";
import type { ServiceCtx } from "../context.ts";
import { deadlinePassed, isPublished } from "../events/rules.ts";
import { type KeyedRequest, keyStep } from "./idempotency.ts";

type District = Pick<Event, "districtAssociationId">;

/** Holds one of the roles within the event's district (admin everywhere). */
export const hasDistrictRole = (p: Principal | null, e: District, roles: readonly RoleName[]) =>
  !!p && (p.roles.includes("admin") || (p.districtAssociationId === e.districtAssociationId && hasAnyRole(p.roles, roles)));

/** registration_manage of the event's district (admin everywhere). */
export const isManager = (p: Principal | null, e: District) => hasDistrictRole(p, e, ["registration_manage"]);

/** registration_read or registration_manage of the event's district. */
export const isRegistrationStaff = (p: Principal | null, e: District) => hasDistrictRole(p, e, ["registration_read", "registration_manage"]);

/**
 * The roles that see results before their location publishes them (in the event's district). Every
 * door that answers results to anyone else decides through dexam/service.ts visibleResult or
 * competition/service.ts visibleCompetitionResult; doors reserved to staff (results table,
 * statistics, exports) admit only these roles (tests/integration/results/result-visibility.test.ts).
 */
export const UNPUBLISHED_RESULT_ROLES: readonly RoleName[] = ["registration_read", "registration_manage", "results_read", "results_manage"];

/** Staff who see results before publishing: registration_* and results_* of the event's district. */
export const seesUnpublishedResults = (p: Principal | null, e: District) => hasDistrictRole(p, e, UNPUBLISHED_RESULT_ROLES);

/** Staff with a registration role see the registrations of their district's events; members those of their clubs. */
export function canReadRegistration(p: Principal | null, r: { associationId: number }, e: District): boolean {
  return !!p && (p.associationIds.includes(r.associationId) || isRegistrationStaff(p, e));
}

/** The list filter of the overview: own clubs for members; the district's events for registration staff. */
/** The filters of the registration lists (overview, GraphQL connections, /v1). */
export type RegistrationFilter = {
  eventId: number;
  /** theory, practice or preparation location (D-exams); the location (competitions) */
  locationId?: number | null;
  /** the club (Verein) */
  associationId?: number | null;
  /** changed at or after this instant (polling) */
  updatedSince?: Date | null;
  search?: string | null;
};

/** The overview's filter as GraphQL receives it: the event as a global id. */
export type RegistrationFilterArgs = Omit<RegistrationFilter, "eventId"> & { eventId: { typename: string; id: string } };

/** The filters both registration kinds share (club, changed since), as conditions for an AND list. */
export function sharedFilterConditions(filter: RegistrationFilter): ({ associationId: number } | { updatedAt: { gte: Date } })[] {
  return [
    ...(filter.associationId ? [{ associationId: filter.associationId }] : []),
    ...(filter.updatedSince ? [{ updatedAt: { gte: filter.updatedSince } }] : []),
  ];
}

/**
 * Whose registrations a caller's lists hold: every registration (admin); otherwise its clubs', and
 * for registration staff also every registration of their district's events.
 */
export function registrationScope(p: Principal) {
  if (p.roles.includes("admin")) return {};
  if (hasAnyRole(p.roles, ["registration_read", "registration_manage"]))
    return { OR: [{ event: { districtAssociationId: p.districtAssociationId } }, { associationId: { in: p.associationIds } }] };
  return { associationId: { in: p.associationIds } };
}

export const managerOnly = (what: string) => new AppError("FORBIDDEN", `${what} darf nur die Anmeldungsverwaltung (registration_manage) ändern`);

/** The club named by a new registration, as loadForNewRegistration reads it. */
export type ClubFacts = { id: number; name: string; districtAssociationId: number };
export type EventWithLocations = Event & { locations: EventLocation[] };

/** json_agg writes timestamp(3) columns without zone (they hold UTC). */
const utc = (v: string | null) => (v === null ? null : new Date(`${v}Z`));
type LocationDates = "start" | "end" | "createdAt" | "updatedAt";
/** A location as json_agg writes it: the DateTime columns as text. */
type LocationJson = Omit<EventLocation, LocationDates> & Record<LocationDates, string | null>;

/**
 * The stamp of what a new registration is checked against: the event row and its locations as
 * stored. `xmin` names the transaction that wrote a row version, so every write to the event or to
 * one of its locations, and every location added or removed, gives another stamp, whoever writes
 * (this server, another replica, an operator's SQL). `e` is the event's alias.
 */
const EVENT_STAMP = `e.xmin::text || '/' || (SELECT coalesce(string_agg(l.id::text || ':' || l.xmin::text, ',' ORDER BY l.id), '') FROM "EventLocation" l WHERE l."eventId" = e.id)`;

/** What a new registration is checked against: the event with its locations, the club it names (when read), and their stamp. */
export type NewRegistrationBasis = { event: EventWithLocations; club: ClubFacts | null; stamp: string };

/**
 * The event (with its locations, ordered by id) and the club `clubId` in one statement, with
 * their stamp; null when there is no such event. Same shape as
 * `event.findUnique({ include: { locations: true } })`.
 */
async function readBasis(ctx: ServiceCtx, eventId: number, clubId: number | null): Promise<NewRegistrationBasis | null> {
  // past Prisma's query interpretation (services.sql): the read of new registrations
  const rows = await ctx.services.sql<Event & { locations: LocationJson[]; club: ClubFacts | null; stamp: string }>(
    `SELECT e.*,
       (SELECT coalesce(json_agg(l ORDER BY l.id), '[]') FROM "EventLocation" l WHERE l."eventId" = e.id) AS locations,
       (SELECT json_build_object('id', a.id, 'name', a.name, 'districtAssociationId', a."districtAssociationId") FROM "Association" a WHERE a.id = $2::int) AS club,
       ${EVENT_STAMP} AS stamp
     FROM "Event" e WHERE e.id = $1::int`,
    [eventId, clubId],
  );
  const row = rows[0];
  if (!row) return null;
  const { locations, club, stamp, ...event } = row;
  // shared by the requests that find it in the cache below: frozen, so none can change it for the others
  const withLocations: EventWithLocations = Object.freeze({
    ...event,
    locations: Object.freeze(
      locations.map((l) => Object.freeze({ ...l, start: utc(l.start), end: utc(l.end), createdAt: utc(l.createdAt)!, updatedAt: utc(l.updatedAt)! })),
    ) as EventLocation[],
  });
  return { event: withLocations, club, stamp };
}

/** How many events' reads a server keeps for new registrations (a handful are open at a time). */
const BASIS_CACHE_MAX = 200;
type CachedBasis = { version: bigint; read: Promise<NewRegistrationBasis | null> };
/** Per app (its services): event id -> the read and the start-page version it is at least as new as. */
const basisCaches = new WeakMap<ServiceCtx["services"], Map<number, CachedBasis>>();

function basisCache(ctx: ServiceCtx): Map<number, CachedBasis> {
  const cache = basisCaches.get(ctx.services) ?? new Map<number, CachedBasis>();
  basisCaches.set(ctx.services, cache);
  return cache;
}

function remember(cache: Map<number, CachedBasis>, eventId: number, entry: CachedBasis) {
  cache.delete(eventId);
  if (cache.size >= BASIS_CACHE_MAX) cache.delete(cache.keys().next().value as number);
  cache.set(eventId, entry);
  // a failed read is not kept
  entry.read.catch(() => cache.get(eventId) === entry && cache.delete(eventId));
}

/**
 * What a new registration checks: the event (of one of `formTypes`, else "not found") with its
 * locations, and the club `associationId` names when it is not one of the principal's own (null
 * otherwise, and when there is none), with their stamp (`unchangedSince`).
 *
 * A member registering an own club (the deadline rush) gets the event from a per-server cache when
 * the cached read is at least as new as the start-page version authentication read for this
 * request; every write to events and locations moves that version on (migration
 * start_page_version). Concurrent requests share one read. The version can move before the writer
 * commits, so a read may still be older than its version: `unchangedSince` in the insert catches
 * that (createOnCurrentEvent). `fresh` reads past the cache.
 */
export async function loadForNewRegistration(
  ctx: ServiceCtx,
  eventId: number,
  formTypes: readonly FormType[],
  associationId: number | null | undefined,
  { fresh = false } = {},
): Promise<NewRegistrationBasis> {
  // ids out of the int4 range exist nowhere (and must not reach PostgreSQL as int4 parameters)
  if (!isInt4(eventId)) throw notFound("Veranstaltung");
  const p = ctx.principal;
  const ownClub = !!p && !!associationId && p.associationIds.includes(associationId);
  const version = p?.startPageVersion === undefined ? null : BigInt(p.startPageVersion);
  const cache = basisCache(ctx);
  const cached = cache.get(eventId);
  let basis: NewRegistrationBasis | null;
  if (ownClub && version !== null && !fresh) {
    if (!cached || cached.version < version) remember(cache, eventId, { version, read: readBasis(ctx, eventId, null) });
    basis = await cache.get(eventId)!.read;
  } else {
    basis = await readBasis(ctx, eventId, isInt4(associationId) && !ownClub ? associationId : null);
    // read now, so at least as new as this request's version and the cached one's
    const newest = cached && (version === null || cached.version > version) ? cached.version : version;
    if (basis && newest !== null) remember(cache, eventId, { version: newest, read: Promise.resolve({ ...basis, club: null }) });
  }
  if (!basis || !formTypes.includes(basis.event.formType)) throw notFound("Veranstaltung");
  return basis;
}

/** The insert's condition (insertWithAudit `onlyIf`): the event and its locations still have the stamp the checks saw. */
const unchangedSince = (eventId: number, stamp: string) =>
  Prisma.sql`(SELECT ${Prisma.raw(EVENT_STAMP)} FROM "Event" e WHERE e.id = ${eventId}::int) = ${stamp}::text`;

/** The club's name beside a new registration's row (insertWithAudit `columns`; the row's step is named "registration"). */
const CLUB_NAME = (ref: Ref) => Prisma.sql`(SELECT a.name FROM "Association" a WHERE a.id = ${ref("registration")}."associationId") AS "associationName"`;

/**
 * Writes a new registration (its steps, the one named "registration" last) with its audit entry,
 * only while its event is as `basis` was read (undefined otherwise: nothing written), and answers
 * the row with its club. The club's name comes with the insert, as the row's last column; V8
 * removes the last-added property without slowing the object down (a copy without it costs a
 * property-by-property walk of some 40 columns). With `key`, the key's row is written with them
 * (registrations/idempotency.ts). With `mail`, the confirmation e-mail's outbox row too (mail/outbox.ts).
 */
export async function insertNewRegistration<R extends { associationId: number }>(
  ctx: ServiceCtx,
  principal: Principal,
  basis: { event: { id: number }; stamp: string },
  steps: InsertStep[],
  entry: Omit<AuditInput, "entityId">,
  key: KeyedRequest | null = null,
  mail: RegistrationFacts | null = null,
): Promise<{ registration: R; association: { id: number; name: string } } | undefined> {
  // the confirmation e-mail to the registering user (a machine client has no user row: none)
  const registration = steps.at(-1)!.data as { associationId?: number };
  const mailed = mail && principal.kind === "user" && typeof registration.associationId === "number";
  const after = [
    ...(key ? [keyStep(key, ctx.services.now())] : []),
    ...(mailed
      ? [
          mailStep(principal.userId, mail, {
            associationId: registration.associationId as number,
            districtAssociationId: entry.districtAssociationId as number,
          }),
        ]
      : []),
  ];
  const row = await insertWithAudit<R & { associationName?: string }>(ctx.services.sql, principal, steps, entry, {
    onlyIf: unchangedSince(basis.event.id, basis.stamp),
    columns: CLUB_NAME,
    ...(after.length ? { after } : {}),
  });
  if (!row) return undefined;
  if (mailed) ctx.services.mail.wake();
  const name = row.associationName as string;
  delete row.associationName;
  return { registration: row, association: { id: row.associationId, name } };
}

/** How often a create reads the event again when it changed between its checks and its insert. */
const CREATE_ATTEMPTS = 3;
export const EVENT_CHANGED = "Die Veranstaltung wurde gerade geändert. Bitte senden Sie die Anmeldung noch einmal.";

/**
 * A new registration checked and inserted against one read of its event (loadForNewRegistration):
 * `create` checks `basis` and inserts only while the event is `unchangedSince` its stamp, answering
 * undefined when it was not (nothing written). Then the event is read again, fresh, and checked
 * anew; after CREATE_ATTEMPTS such changes the caller gets a CONFLICT.
 */
export async function createOnCurrentEvent<T>(
  ctx: ServiceCtx,
  eventId: number,
  formTypes: readonly FormType[],
  associationId: number | null | undefined,
  create: (basis: NewRegistrationBasis) => Promise<T | undefined>,
): Promise<T> {
  for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
    const created = await create(await loadForNewRegistration(ctx, eventId, formTypes, associationId, { fresh: attempt > 0 }));
    if (created !== undefined) return created;
  }
  throw new AppError("CONFLICT", EVENT_CHANGED);
}

/**
 * Before a new registration: the club is one of the member's own (registration_manage: any club
 * of the district; another club is "not found", R-VA042, R-VA043); members also need a published
 * event before its deadline and a complete profile. Returns whether the caller manages the event.
 * `club`: the club as loadForNewRegistration read it (otherwise read here when needed).
 */
/**
 * The club a registration is created for or moved to: an own club of the caller (no lookup, the
 * principal lists them), or, for a manager of the event, an existing club of the manager's district
 * (any club for an administrator). Anything else is "Verein nicht gefunden". `club`: the club as
 * already read with the event, if it was.
 */
export async function checkClub(ctx: ServiceCtx, p: Principal, associationId: number | null | undefined, manager: boolean, club?: ClubFacts | null) {
  if (!associationId || p.associationIds.includes(associationId)) return;
  const found = !manager ? null : club !== undefined ? club : await ctx.prisma.association.findUnique({ where: { id: associationId } });
  const districtClub = !!found && (p.roles.includes("admin") || found.districtAssociationId === p.districtAssociationId);
  if (!districtClub) throw notFound("Verein");
}

export async function checkNewRegistration(
  ctx: ServiceCtx,
  p: Principal,
  event: Event,
  associationId: number | null | undefined,
  club?: ClubFacts | null,
): Promise<{ manager: boolean }> {
  const now = ctx.services.now();
  const manager = isManager(p, event);
  await checkClub(ctx, p, associationId, manager, club);
  if (!manager) {
    if (!isPublished(event, now)) throw notFound("Veranstaltung");
    if (deadlinePassed(event, now)) throw new AppError("CONFLICT", "Der Anmeldeschluss ist vorbei");
    if (!p.profileComplete) throw new AppError("CONFLICT", "Fehler: Benutzerprofil unvollständig");
  }
  return { manager };
}
