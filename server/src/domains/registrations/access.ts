// Who may see and change registrations (D-exams and competitions alike; spec sections 2 and 6):
// members act on their own clubs' registrations, the district's registration_read/manage see all
// of their district's events, registration_manage changes everything there. Another tenant's
// registration is "not found".
import { AppError, notFound } from "../../auth/errors.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Event, EventLocation, FormType } from "../../generated/prisma/client.ts";
import { hasAnyRole, type RoleName } from "../../shared/roles.ts";
import { isInt4 } from "../../shared/validation.ts";
import type { ServiceCtx } from "../context.ts";
import { deadlinePassed, isPublished } from "../events/rules.ts";

type District = Pick<Event, "districtAssociationId">;

/** Holds one of the roles within the event's district (admin everywhere). */
export const hasDistrictRole = (p: Principal | null, e: District, roles: readonly RoleName[]) =>
  !!p && (p.roles.includes("admin") || (p.districtAssociationId === e.districtAssociationId && hasAnyRole(p.roles, roles)));

/** registration_manage of the event's district (admin everywhere). */
export const isManager = (p: Principal | null, e: District) => hasDistrictRole(p, e, ["registration_manage"]);

/** registration_read or registration_manage of the event's district. */
export const isRegistrationStaff = (p: Principal | null, e: District) => hasDistrictRole(p, e, ["registration_read", "registration_manage"]);

/** Staff who see results before publishing: registration_* and results_* of the event's district. */
export const seesUnpublishedResults = (p: Principal | null, e: District) =>
  hasDistrictRole(p, e, ["registration_read", "registration_manage", "results_read", "results_manage"]);

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
 * Whose registrations a caller's lists hold: null for every registration (admin); otherwise its
 * clubs', and with `district`, also every registration of that district's events (registration
 * staff). One decision for Prisma's filter (registrationScope) and the overview's SQL (dexam/overviewPage.ts).
 */
export function readableScope(p: Principal): { clubs: number[]; district?: number } | null {
  if (p.roles.includes("admin")) return null;
  if (hasAnyRole(p.roles, ["registration_read", "registration_manage"])) return { clubs: p.associationIds, district: p.districtAssociationId };
  return { clubs: p.associationIds };
}

export function registrationScope(p: Principal) {
  const scope = readableScope(p);
  if (!scope) return {};
  if (scope.district !== undefined) return { OR: [{ event: { districtAssociationId: scope.district } }, { associationId: { in: scope.clubs } }] };
  return { associationId: { in: scope.clubs } };
}

/** A list search that is a whole number in the id range also finds the registration with that id. */
export const searchedId = (search: string): number | null => (/^\d+$/.test(search) && isInt4(Number(search)) ? Number(search) : null);
/** The id condition of a list search (Prisma), if the search is such a number. */
export const idSearched = (search: string): { id: number }[] => {
  const id = searchedId(search);
  return id === null ? [] : [{ id }];
};

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
 * What a new registration checks, in one statement: the event (of one of `formTypes`, else "not
 * found") with its locations (ordered by id), and the club `associationId` names (null when there
 * is none). Same shape as `event.findUnique({ include: { locations: true } })`.
 */
export async function loadForNewRegistration(
  ctx: ServiceCtx,
  eventId: number,
  formTypes: readonly FormType[],
  associationId: number | null | undefined,
): Promise<{ event: EventWithLocations; club: ClubFacts | null }> {
  // ids out of the int4 range exist nowhere (and must not reach PostgreSQL as int4 parameters)
  if (!isInt4(eventId)) throw notFound("Veranstaltung");
  const clubId = isInt4(associationId) ? associationId : null;
  // past Prisma's query interpretation (services.sql): the read of every new registration
  const rows = await ctx.services.sql<Event & { locations: LocationJson[]; club: ClubFacts | null }>(
    `SELECT e.*,
       (SELECT coalesce(json_agg(l ORDER BY l.id), '[]') FROM "EventLocation" l WHERE l."eventId" = e.id) AS locations,
       (SELECT json_build_object('id', a.id, 'name', a.name, 'districtAssociationId', a."districtAssociationId") FROM "Association" a WHERE a.id = $2::int) AS club
     FROM "Event" e WHERE e.id = $1::int`,
    [eventId, clubId],
  );
  const row = rows[0];
  if (!row || !formTypes.includes(row.formType)) throw notFound("Veranstaltung");
  const { locations, club, ...event } = row;
  return {
    event: {
      ...event,
      locations: locations.map((l) => ({ ...l, start: utc(l.start), end: utc(l.end), createdAt: utc(l.createdAt)!, updatedAt: utc(l.updatedAt)! })),
    },
    club,
  };
}

/**
 * Before a new registration: the club is one of the member's own (registration_manage: any club
 * of the district; another club is "not found", R-VA042, R-VA043); members also need a published
 * event before its deadline and a complete profile. Returns whether the caller manages the event.
 * `club`: the club as loadForNewRegistration read it (otherwise read here when needed).
 */
export async function checkNewRegistration(
  ctx: ServiceCtx,
  p: Principal,
  event: Event,
  associationId: number | null | undefined,
  club?: ClubFacts | null,
): Promise<{ manager: boolean }> {
  const now = ctx.services.now();
  const manager = isManager(p, event);
  // an own club needs no lookup (the principal lists them); another one only for managers
  const ownClub = !!associationId && p.associationIds.includes(associationId);
  if (associationId && !ownClub) {
    const found = !manager ? null : club !== undefined ? club : await ctx.prisma.association.findUnique({ where: { id: associationId } });
    const districtClub = !!found && (p.roles.includes("admin") || found.districtAssociationId === p.districtAssociationId);
    if (!districtClub) throw notFound("Verein");
  }
  if (!manager) {
    if (!isPublished(event, now)) throw notFound("Veranstaltung");
    if (deadlinePassed(event, now)) throw new AppError("CONFLICT", "Der Anmeldeschluss ist vorbei");
    if (!p.profileComplete) throw new AppError("CONFLICT", "Fehler: Benutzerprofil unvollständig");
  }
  return { manager };
}
