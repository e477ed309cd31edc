// D-exam registrations (form types dexam and dexam_camp). Members register for their own clubs
// before the deadline of a published event with a complete profile; registration_manage of the
// event's district registers any club of the district, also after the deadline and in any edit
// phase (office corrections). Camp health data is encrypted at rest.
import { AppError, forbidden, notFound, validationFailed } from "../../auth/errors.ts";
import { authorize } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import { decryptJson, encryptJson } from "../../crypto/aead.ts";
import type { DexamRegistration, Event, Prisma } from "../../generated/prisma/client.ts";
import { hasAnyRole } from "../../shared/roles.ts";
import { isProfileComplete } from "../../shared/validation.ts";
import { audit } from "../audit/service.ts";
import { clean, type ServiceCtx } from "../context.ts";
import { deadlinePassed, isPublished } from "../events/rules.ts";
import { type CampData, canCancel, canDelete, type DexamInput, type DexamSong, editableInPhase, validateDexam } from "./rules.ts";

/** registration_manage of the event's district (admin everywhere). */
export const isManager = (p: Principal, e: Pick<Event, "districtAssociationId">) =>
  p.roles.includes("admin") || (hasAnyRole(p.roles, ["registration_manage"]) && p.districtAssociationId === e.districtAssociationId);

/** Staff with a registration role see the registrations of their district's events; members those of their clubs. */
export function canReadRegistration(p: Principal | null, r: Pick<DexamRegistration, "associationId">, e: Pick<Event, "districtAssociationId">): boolean {
  if (!p) return false;
  if (p.roles.includes("admin") || p.associationIds.includes(r.associationId)) return true;
  return p.districtAssociationId === e.districtAssociationId && hasAnyRole(p.roles, ["registration_read", "registration_manage"]);
}

export type CampView = CampData;

export function campOf(ctx: ServiceCtx, r: Pick<DexamRegistration, "campDataEncrypted" | "mealRequest">): CampView | null {
  if (!r.campDataEncrypted) return r.mealRequest ? { mealRequest: r.mealRequest } : null;
  return { ...decryptJson<CampData>(ctx.services.dataKey, r.campDataEncrypted), mealRequest: r.mealRequest };
}

function data(ctx: ServiceCtx, input: DexamInput, camp: boolean) {
  const pr = input.partialResult?.type ? input.partialResult : null;
  const { mealRequest, ...sensitive } = input.camp ?? {};
  return {
    firstname: (input.firstname ?? "").trim(),
    lastname: (input.lastname ?? "").trim(),
    birthdate: new Date(`${input.birthdate}T00:00:00Z`),
    gender: input.gender!,
    associationId: input.associationId!,
    instrument: input.instrument!,
    type: input.type!,
    theoryLocationId: input.theoryLocationId ?? null,
    practiceLocationId: input.practiceLocationId ?? null,
    preparationLocationId: input.preparationLocationId ?? null,
    partialResultType: pr?.type ?? null,
    partialResultDistrict: pr ? clean(pr.districtAssociation) : null,
    partialResultYear: pr ? Number(pr.year) : null,
    partialResultLocation: pr ? clean(pr.location) : null,
    partialResultPoints: pr?.points ?? null,
    songs: songsOf(input.songs),
    remarks: clean(input.remarks),
    mealRequest: camp ? (mealRequest ?? null) : null,
    campDataEncrypted: camp ? new Uint8Array(encryptJson(ctx.services.dataKey, sensitive)) : null,
  };
}

const songsOf = (songs: DexamSong[] | undefined) =>
  Array.from({ length: 4 }, (_, i) => ({ number: clean(songs?.[i]?.number) ?? null, name: clean(songs?.[i]?.name) ?? null })) as Prisma.InputJsonValue;

async function loadEvent(ctx: ServiceCtx, eventId: number) {
  const e = await ctx.prisma.event.findUnique({ where: { id: eventId }, include: { locations: true } });
  if (!e || e.formType === "COMPETITION") throw notFound("Veranstaltung");
  return e;
}

export async function createDexamRegistration(ctx: ServiceCtx, eventId: number, input: DexamInput) {
  const p = authorize(ctx.principal, "dexam.create");
  const now = ctx.services.now();
  const event = await loadEvent(ctx, eventId);
  const manager = isManager(p, event);
  // the club: own clubs for members; any club of the district for registration_manage (R-VA042, R-VA043);
  // another club is "not found"
  const club = input.associationId ? await ctx.prisma.association.findUnique({ where: { id: input.associationId } }) : null;
  const ownClub = !!club && p.associationIds.includes(club.id);
  const districtClub = !!club && manager && (p.roles.includes("admin") || club.districtAssociationId === p.districtAssociationId);
  if (input.associationId && !ownClub && !districtClub) throw notFound("Verein");
  if (!manager) {
    if (!isPublished(event, now)) throw notFound("Veranstaltung");
    if (deadlinePassed(event, now)) throw new AppError("CONFLICT", "Der Anmeldeschluss ist vorbei");
    const me = await ctx.prisma.user.findUniqueOrThrow({ where: { id: p.userId } });
    if (!isProfileComplete(me)) throw new AppError("CONFLICT", "Fehler: Benutzerprofil unvollständig");
  }
  const errors = validateDexam(input, event, event.locations, "create", now);
  if (Object.keys(errors).length) throw validationFailed(errors);
  return ctx.prisma.$transaction(async (tx) => {
    const r = await tx.dexamRegistration.create({
      data: {
        ...data(ctx, input, event.formType === "DEXAM_CAMP"),
        eventId,
        userId: p.userId,
        gdprAccepted: !!input.gdprAccepted,
        cancellationAccepted: !!input.cancellationAccepted,
      },
    });
    await audit(tx, p, { action: "create", entity: "DexamRegistration", entityId: r.id, districtAssociationId: event.districtAssociationId });
    return r;
  });
}

async function loadOwn(ctx: ServiceCtx, p: Principal, id: number) {
  const r = await ctx.prisma.dexamRegistration.findUnique({ where: { id }, include: { event: { include: { locations: true } } } });
  if (!r || !canReadRegistration(p, r, r.event)) throw notFound("D-Prüfungsanmeldung");
  // readers may look but not change
  if (!p.associationIds.includes(r.associationId) && !isManager(p, r.event)) throw forbidden();
  return r;
}

export async function getDexamRegistration(ctx: ServiceCtx, id: number) {
  const p = authorize(ctx.principal, "dexam.read");
  const r = await ctx.prisma.dexamRegistration.findUnique({ where: { id }, include: { event: true } });
  if (!r || !canReadRegistration(p, r, r.event)) throw notFound("D-Prüfungsanmeldung");
  return r;
}

/** Edit phases (spec section 4): NoRestrictions all, SongsOnly the songs, None nothing; registration_manage always all. */
export async function updateDexamRegistration(ctx: ServiceCtx, id: number, input: DexamInput) {
  const p = authorize(ctx.principal, "dexam.update");
  const r = await loadOwn(ctx, p, id);
  const manager = isManager(p, r.event);
  if (r.cancelledAt && !manager) throw new AppError("CONFLICT", "Eine stornierte Anmeldung kann nicht mehr geändert werden");
  const scope = editableInPhase(r.event.editPhase, { manager });
  if (scope === "nothing") throw new AppError("CONFLICT", "In dieser Bearbeitungsphase kann die Anmeldung nicht mehr geändert werden");
  const errors = validateDexam(input, r.event, r.event.locations, "edit", ctx.services.now());
  if (scope === "songs") {
    const songErrors = Object.fromEntries(Object.entries(errors).filter(([k]) => k.startsWith("songs")));
    if (Object.keys(songErrors).length) throw validationFailed(songErrors);
  } else if (Object.keys(errors).length) throw validationFailed(errors);
  if (input.associationId !== r.associationId && !p.associationIds.includes(input.associationId ?? -1) && !manager) throw notFound("Verein");
  return ctx.prisma.$transaction(async (tx) => {
    const next = scope === "songs" ? { songs: songsOf(input.songs) } : data(ctx, input, r.event.formType === "DEXAM_CAMP");
    const updated = await tx.dexamRegistration.update({ where: { id }, data: { ...next, version: { increment: 1 } } });
    await audit(tx, p, {
      action: scope === "songs" ? "updateSongs" : "update",
      entity: "DexamRegistration",
      entityId: id,
      districtAssociationId: r.event.districtAssociationId,
    });
    return updated;
  });
}

/** Cancelling is total and final for normal users (the server stamps the time). */
export async function cancelDexamRegistration(ctx: ServiceCtx, id: number) {
  const p = authorize(ctx.principal, "dexam.cancel");
  const r = await loadOwn(ctx, p, id);
  if (!canCancel(r)) throw new AppError("CONFLICT", "Die Anmeldung ist bereits storniert");
  return ctx.prisma.$transaction(async (tx) => {
    const updated = await tx.dexamRegistration.update({ where: { id }, data: { cancelledAt: ctx.services.now(), version: { increment: 1 } } });
    await audit(tx, p, { action: "cancel", entity: "DexamRegistration", entityId: id, districtAssociationId: r.event.districtAssociationId });
    return updated;
  });
}

export async function deleteDexamRegistration(ctx: ServiceCtx, id: number) {
  const p = authorize(ctx.principal, "dexam.delete");
  const r = await loadOwn(ctx, p, id);
  if (!canDelete(r, r.event.editPhase, { manager: isManager(p, r.event) })) {
    throw new AppError(
      "CONFLICT",
      r.cancelledAt ? "Eine stornierte Anmeldung kann nicht gelöscht werden" : "In dieser Bearbeitungsphase kann nur storniert werden",
    );
  }
  return ctx.prisma.$transaction(async (tx) => {
    await tx.dexamRegistration.delete({ where: { id } });
    const files = [r.consentFormFileId, r.practiceSheetFileId].filter((f): f is number => f !== null);
    if (files.length) await tx.storedFile.deleteMany({ where: { id: { in: files } } });
    await audit(tx, p, { action: "delete", entity: "DexamRegistration", entityId: id, districtAssociationId: r.event.districtAssociationId });
    return r;
  });
}

/** The overview list of an event: members see their own clubs' registrations, registration staff all of their district's event. */
export function dexamWhere(
  ctx: ServiceCtx,
  filter: { eventId: number; locationId?: number | null; search?: string | null },
): Prisma.DexamRegistrationWhereInput {
  const p = authorize(ctx.principal, "dexam.list");
  const staff = p.roles.includes("admin") || hasAnyRole(p.roles, ["registration_read", "registration_manage"]);
  const search = filter.search?.trim();
  return {
    eventId: filter.eventId,
    ...(staff && !p.roles.includes("admin")
      ? { OR: [{ event: { districtAssociationId: p.districtAssociationId } }, { associationId: { in: p.associationIds } }] }
      : staff
        ? {}
        : { associationId: { in: p.associationIds } }),
    ...(filter.locationId
      ? { AND: [{ OR: [{ theoryLocationId: filter.locationId }, { practiceLocationId: filter.locationId }, { preparationLocationId: filter.locationId }] }] }
      : {}),
    ...(search
      ? {
          AND: [
            {
              OR: [
                { firstname: { contains: search, mode: "insensitive" } },
                { lastname: { contains: search, mode: "insensitive" } },
                { association: { name: { contains: search, mode: "insensitive" } } },
                ...(/^\d+$/.test(search) ? [{ id: Number(search) }] : []),
              ],
            },
          ],
        }
      : {}),
  };
}
