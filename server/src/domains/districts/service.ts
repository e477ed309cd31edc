// District associations (Kreisverbände). Every signed-in user may read names and links (start
// page picker, selector, footer); the IdP reference (IamRef) is for admin only.

import { notFound } from "../../auth/errors.ts";
import { authorize } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";

export type Ctx = { principal: Principal | null; prisma: PrismaClient };

/** `query` lets GraphQL pass the selection Pothos planned; /v1 passes nothing. */
export async function listDistrictAssociations<Q extends object>(ctx: Ctx, query?: Q) {
  authorize(ctx.principal, "districtAssociation.list");
  return ctx.prisma.districtAssociation.findMany({ ...(query ?? {}), orderBy: { name: "asc" } });
}

export async function getDistrictAssociation(ctx: Ctx, id: number) {
  authorize(ctx.principal, "districtAssociation.read");
  const row = await ctx.prisma.districtAssociation.findUnique({ where: { id } });
  if (!row) throw notFound("Kreisverband");
  return row;
}

export const canSeeIamRef = (p: Principal | null) => !!p?.roles.includes("admin");
