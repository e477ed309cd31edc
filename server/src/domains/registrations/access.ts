// Who may see and change registrations (D-exams and competitions alike; spec sections 2 and 6):
// members act on their own clubs' registrations, the district's registration_read/manage see all
// of their district's events, registration_manage changes everything there. Another tenant's
// registration is "not found".
import { AppError, notFound } from "../../auth/errors.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Event } from "../../generated/prisma/client.ts";
import { hasAnyRole, type RoleName } from "../../shared/roles.ts";
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

/** The filters both registration kinds share (club, changed since), as conditions for an AND list. */
export function sharedFilterConditions(filter: RegistrationFilter): ({ associationId: number } | { updatedAt: { gte: Date } })[] {
  return [
    ...(filter.associationId ? [{ associationId: filter.associationId }] : []),
    ...(filter.updatedSince ? [{ updatedAt: { gte: filter.updatedSince } }] : []),
  ];
}

export function registrationScope(p: Principal) {
  if (p.roles.includes("admin")) return {};
  if (hasAnyRole(p.roles, ["registration_read", "registration_manage"]))
    return { OR: [{ event: { districtAssociationId: p.districtAssociationId } }, { associationId: { in: p.associationIds } }] };
  return { associationId: { in: p.associationIds } };
}

export const managerOnly = (what: string) => new AppError("FORBIDDEN", `${what} darf nur die Anmeldungsverwaltung (registration_manage) ändern`);

/**
 * Before a new registration: the club is one of the member's own (registration_manage: any club
 * of the district; another club is "not found", R-VA042, R-VA043); members also need a published
 * event before its deadline and a complete profile. Returns whether the caller manages the event.
 */
export async function checkNewRegistration(
  ctx: ServiceCtx,
  p: Principal,
  event: Event,
  associationId: number | null | undefined,
): Promise<{ manager: boolean }> {
  const now = ctx.services.now();
  const manager = isManager(p, event);
  // an own club needs no lookup (the principal lists them); another one only for managers
  const ownClub = !!associationId && p.associationIds.includes(associationId);
  if (associationId && !ownClub) {
    const club = manager ? await ctx.prisma.association.findUnique({ where: { id: associationId } }) : null;
    const districtClub = !!club && (p.roles.includes("admin") || club.districtAssociationId === p.districtAssociationId);
    if (!districtClub) throw notFound("Verein");
  }
  if (!manager) {
    if (!isPublished(event, now)) throw notFound("Veranstaltung");
    if (deadlinePassed(event, now)) throw new AppError("CONFLICT", "Der Anmeldeschluss ist vorbei");
    if (!p.profileComplete) throw new AppError("CONFLICT", "Fehler: Benutzerprofil unvollständig");
  }
  return { manager };
}
