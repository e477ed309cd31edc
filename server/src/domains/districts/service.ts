// District associations (Kreisverbände). Every signed-in user may read names and links (start
// page picker, selector, footer); IamRef and the signature image are for admin only. Only admin
// creates, changes and deletes; deleting removes everything under the district association.
import { AppError, notFound, validationFailed } from "../../auth/errors.ts";
import { authorize } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import type { DistrictAssociation } from "../../generated/prisma/client.ts";
import { listOrder } from "../../graphql/cursor.ts";
import { isAdmin } from "../../shared/permissions.ts";
import { audit } from "../audit/service.ts";
import { checkVersion, guardStale, type ServiceCtx, versionWhere } from "../context.ts";
import { storedFileRow } from "../files/stored.ts";
import { type ListRead, updatedSinceWhere } from "../lists.ts";
import { deleteRegistrationTraces } from "../registrations/traces.ts";
import { type DistrictInput, parseSignatureImage, validateDistrict } from "./rules.ts";

export type Ctx = Pick<ServiceCtx, "principal" | "prisma">;

/** The district associations' order: by name (then id). */
const districtOrder = [{ name: "asc" }, { id: "asc" }] as const;
const DISTRICT_LIST_ORDER = listOrder("DistrictAssociation", districtOrder);

/** The district associations as a list (GET /v1/districtassociations, domains/lists.ts): every one, to every signed-in user. */
export function districtList(ctx: Pick<ServiceCtx, "principal">, filter: { updatedSince?: Date | null } = {}): ListRead {
  authorize(ctx.principal, "districtAssociation.list");
  return { where: { AND: updatedSinceWhere(filter.updatedSince) }, order: DISTRICT_LIST_ORDER };
}

/**
 * `query` lets GraphQL pass the selection Pothos planned; /v1 passes nothing. `loaded`: GraphQL's
 * request-scoped read of all rows (graphql/loaders.ts), same columns and order, when no relation is asked for.
 */
export async function listDistrictAssociations<Q extends object>(ctx: Ctx, query?: Q, loaded?: () => Promise<DistrictAssociation[]>) {
  authorize(ctx.principal, "districtAssociation.list");
  if (loaded) return loaded();
  return ctx.prisma.districtAssociation.findMany({ ...(query ?? {}), orderBy: [...districtOrder] });
}

/**
 * The district associations the registration overview offers (R-RO001): the viewer's own and every
 * one that organises an event in which the viewer's clubs have registrations (a member may
 * register in another district's event, R-ST003, and must find the registration again); every
 * one for admin. Sorted by name.
 */
export async function overviewDistrictAssociations<Q extends object>(ctx: Ctx, query?: Q) {
  const p = authorize(ctx.principal, "districtAssociation.list");
  if (isAdmin(p.roles)) return ctx.prisma.districtAssociation.findMany({ ...(query ?? {}), orderBy: { name: "asc" } });
  const clubs = { some: { associationId: { in: p.associationIds } } };
  const events = p.associationIds.length
    ? await ctx.prisma.event.findMany({
        where: { OR: [{ dexamRegistrations: clubs }, { competitionRegistrations: clubs }] },
        select: { districtAssociationId: true },
        distinct: ["districtAssociationId"],
      })
    : [];
  const ids = [p.districtAssociationId, ...events.map((e) => e.districtAssociationId)];
  return ctx.prisma.districtAssociation.findMany({ ...(query ?? {}), where: { id: { in: ids } }, orderBy: { name: "asc" } });
}

export async function getDistrictAssociation(ctx: Ctx, id: number) {
  authorize(ctx.principal, "districtAssociation.read");
  const row = await ctx.prisma.districtAssociation.findUnique({ where: { id }, include: { signatureFile: true } });
  if (!row) throw notFound("Kreisverband");
  return row;
}

export const canSeeIamRef = (p: Principal | null) => !!p && isAdmin(p.roles);

function checked(input: DistrictInput) {
  const errors = validateDistrict(input);
  if (Object.keys(errors).length) throw validationFailed(errors);
  return {
    name: input.name.trim(),
    iamRef: input.iamRef.trim(),
    gdprLink: input.gdprLink.trim(),
    impressLink: input.impressLink.trim(),
  };
}

function imageFile(ctx: FileCtx, dataUrl: string) {
  const img = parseSignatureImage(dataUrl);
  if (typeof img === "string") throw validationFailed({ signatureImage: img });
  return storedFileRow(ctx.services.dataKey, img);
}

/** Writers of the signature image: stored files are encrypted with the data key (files/stored.ts). */
type FileCtx = Ctx & Pick<ServiceCtx, "services">;

export async function createDistrictAssociation(ctx: FileCtx, input: DistrictInput) {
  const p = authorize(ctx.principal, "districtAssociation.create");
  const data = checked(input);
  return ctx.prisma.$transaction(async (tx) => {
    const file = input.signatureImage ? await tx.storedFile.create({ data: imageFile(ctx, input.signatureImage) }) : null;
    const d = await tx.districtAssociation.create({ data: { ...data, signatureFileId: file?.id ?? null } });
    await audit(tx, p, { action: "create", entity: "DistrictAssociation", entityId: d.id, districtAssociationId: d.id });
    return d;
  });
}

/** signatureImage: undefined/null keeps the image, "" removes it, a data URL replaces it. A save based on an older version is refused. */
export async function updateDistrictAssociation(ctx: FileCtx, id: number, input: DistrictInput) {
  const p = authorize(ctx.principal, "districtAssociation.update");
  const data = checked(input);
  return ctx.prisma.$transaction(async (tx) => {
    const current = await tx.districtAssociation.findUnique({ where: { id } });
    if (!current) throw notFound("Kreisverband");
    checkVersion(current, input.version);
    // The version-guarded update first: it holds the row, so a concurrent save based on the same
    // version fails here (CONFLICT, not a missing file), and the image it replaces is the one stored now.
    let d = await guardStale(tx.districtAssociation.update({ where: versionWhere(id, input.version), data: { ...data, version: { increment: 1 } } }));
    if (input.signatureImage === "" || input.signatureImage) {
      const file = input.signatureImage ? await tx.storedFile.create({ data: imageFile(ctx, input.signatureImage) }) : null;
      const replaced = d.signatureFileId;
      d = await tx.districtAssociation.update({ where: { id }, data: { signatureFileId: file?.id ?? null } });
      if (replaced) await tx.storedFile.delete({ where: { id: replaced } });
    }
    await audit(tx, p, { action: "update", entity: "DistrictAssociation", entityId: id, districtAssociationId: id });
    return d;
  });
}

/** `version`: the version the deletion was based on (/v1 If-Match), checked again by the delete's where; none: unconditional. */
export async function deleteDistrictAssociation(ctx: Ctx, id: number, version?: number | null) {
  const p = authorize(ctx.principal, "districtAssociation.delete");
  if (p.districtAssociationId === id) throw new AppError("CONFLICT", "Der eigene Kreisverband kann nicht gelöscht werden");
  return ctx.prisma.$transaction(async (tx) => {
    const current = await tx.districtAssociation.findUnique({ where: { id } });
    if (!current) throw notFound("Kreisverband");
    checkVersion(current, version);
    // everything under it goes with it (database cascade): the registrations of its events and of
    // its clubs (at any district's event) first take their files, audit entries and mails with
    // them (registrations/traces.ts); its signature file is its own
    const under = { OR: [{ event: { districtAssociationId: id } }, { association: { districtAssociationId: id } }] };
    const [dexam, competition] = await Promise.all([
      tx.dexamRegistration.findMany({ where: under, select: { id: true } }),
      tx.competitionRegistration.findMany({ where: under, select: { id: true } }),
    ]);
    const traces = await deleteRegistrationTraces(tx, { dexamIds: dexam.map((r) => r.id), competitionIds: competition.map((r) => r.id) });
    await guardStale(tx.districtAssociation.delete({ where: versionWhere(id, version) }));
    if (current.signatureFileId !== null) await tx.storedFile.delete({ where: { id: current.signatureFileId } });
    await audit(tx, p, { action: "delete", entity: "DistrictAssociation", entityId: id, details: { name: current.name, ...traces } });
    return current;
  });
}
