// Clubs (Vereine). association_read sees and association_manage changes the clubs of the own
// district association (admin: any); members edit their own clubs ("Mein Verein bearbeiten").
// A club with registrations cannot be deleted; its memberships go with it.
import { AppError, forbidden, notFound, validationFailed } from "../../auth/errors.ts";
import { actsOn, authorize } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import { containsText, idSearched, searchTerm } from "../../db/search.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { listOrderOf, type OrderArgument, type SortableList } from "../../graphql/orderBy.ts";
import { audit, changeDetails } from "../audit/service.ts";
import { checkVersion, clean, districtInScope, guardStale, type ServiceCtx, versionWhere } from "../context.ts";
import { type ListRead, updatedSinceWhere } from "../lists.ts";
import { type ClubInput, validateClub } from "./rules.ts";

export type ClubFilter = { districtAssociationId?: number | null; search?: string | null; updatedSince?: Date | null };

/** Row rule for reading one club: a member, or staff of its district with a club, user or registration role. */
export function canReadClub(p: Principal | null, club: { id: number; districtAssociationId: number }): boolean {
  return actsOn(p, "association.read", { districtAssociationId: club.districtAssociationId, associationId: club.id });
}

export function clubWhere(ctx: ServiceCtx, filter: ClubFilter): Prisma.AssociationWhereInput {
  const p = authorize(ctx.principal, "association.list");
  const search = searchTerm(filter.search);
  return {
    districtAssociationId: districtInScope(p, filter.districtAssociationId),
    ...(search ? { OR: [{ name: containsText(search) }, ...idSearched(search)] } : {}),
    AND: updatedSinceWhere(filter.updatedSince),
  };
}

export const clubOrder = [{ name: "asc" }, { id: "asc" }] satisfies Prisma.AssociationOrderByWithRelationInput[];

/** The columns the club list sorts by (GraphQL's orderBy), then the default order (clubOrder). */
export const CLUB_COLUMNS = {
  model: "Association",
  columns: {
    NAME: { description: "The club's name (German order).", key: (d) => ({ name: d }) },
    ID: { description: "The club's numeric id (databaseId).", key: (d) => ({ id: d }) },
  },
  defaults: clubOrder,
} satisfies SortableList<"NAME" | "ID">;

/** The club list, the one read of GraphQL's `associations` and GET /v1/associations (domains/lists.ts). */
export function clubList(ctx: ServiceCtx, filter: ClubFilter, orderBy: OrderArgument<keyof typeof CLUB_COLUMNS.columns> = null): ListRead {
  return { where: clubWhere(ctx, filter), order: listOrderOf(CLUB_COLUMNS, orderBy) };
}

export async function getClub(ctx: ServiceCtx, id: number) {
  authorize(ctx.principal, "association.read");
  const club = await ctx.prisma.association.findUnique({ where: { id } });
  if (!club || !canReadClub(ctx.principal, club)) throw notFound("Verein");
  return club;
}

export async function createClub(ctx: ServiceCtx, input: ClubInput & { districtAssociationId: number }) {
  const p = authorize(ctx.principal, "association.create");
  if (!actsOn(p, "association.create", { districtAssociationId: input.districtAssociationId })) throw notFound("Kreisverband");
  const errors = validateClub(input, "management");
  if (Object.keys(errors).length) throw validationFailed(errors);
  return ctx.prisma.$transaction(async (tx) => {
    if (!(await tx.districtAssociation.findUnique({ where: { id: input.districtAssociationId } }))) throw notFound("Kreisverband");
    const club = await tx.association.create({
      data: { name: input.name.trim(), invoiceEmail: clean(input.invoiceEmail), districtAssociationId: input.districtAssociationId },
    });
    await audit(tx, p, { action: "create", entity: "Association", entityId: club.id, districtAssociationId: club.districtAssociationId });
    return club;
  });
}

/** Staff with association_manage of the club's district, or a member editing their own club; a save based on an older version is refused. */
export async function updateClub(ctx: ServiceCtx, id: number, input: ClubInput) {
  const p = authorize(ctx.principal, "association.update");
  return ctx.prisma.$transaction(async (tx) => {
    const club = await tx.association.findUnique({ where: { id } });
    if (!club || !canReadClub(p, club)) throw notFound("Verein");
    const manager = actsOn(p, "association.update", { districtAssociationId: club.districtAssociationId });
    const member = p.associationIds.includes(club.id);
    if (!manager && !member) throw forbidden();
    checkVersion(club, input.version);
    const errors = validateClub(input, manager ? "management" : "ownClub");
    if (Object.keys(errors).length) throw validationFailed(errors);
    const data = { name: input.name.trim(), invoiceEmail: clean(input.invoiceEmail) };
    const updated = await guardStale(tx.association.update({ where: versionWhere(id, input.version), data: { ...data, version: { increment: 1 } } }));
    await audit(tx, p, {
      action: "update",
      entity: "Association",
      entityId: id,
      districtAssociationId: club.districtAssociationId,
      details: changeDetails(club, data),
    });
    return updated;
  });
}

/** `version`: the version the deletion was based on (/v1 If-Match), checked again by the delete's where; none: unconditional. */
export async function deleteClub(ctx: ServiceCtx, id: number, version?: number | null) {
  const p = authorize(ctx.principal, "association.delete");
  return ctx.prisma.$transaction(async (tx) => {
    const club = await tx.association.findUnique({
      where: { id },
      include: { _count: { select: { dexamRegistrations: true, competitionRegistrations: true } } },
    });
    if (!club || !actsOn(p, "association.delete", { districtAssociationId: club.districtAssociationId })) throw notFound("Verein");
    checkVersion(club, version);
    if (club._count.dexamRegistrations + club._count.competitionRegistrations > 0) {
      throw new AppError("CONFLICT", "Der Verein hat Anmeldungen und kann nicht gelöscht werden");
    }
    await guardStale(tx.association.delete({ where: versionWhere(id, version) }));
    await audit(tx, p, {
      action: "delete",
      entity: "Association",
      entityId: id,
      districtAssociationId: club.districtAssociationId,
      details: { name: club.name },
    });
    return club;
  });
}
