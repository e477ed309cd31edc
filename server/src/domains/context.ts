// What a service needs from a request: who asks, the database, and the app's services.
import type { Principal } from "../auth/principal.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";
import type { AppServices } from "../services.ts";

export type ServiceCtx = { principal: Principal | null; prisma: PrismaClient; services: AppServices };

/** The district association a staff principal acts in; admin may name another. */
export function districtInScope(p: Principal, requested: number | null | undefined): number {
  if (requested != null && p.roles.includes("admin")) return requested;
  return p.districtAssociationId;
}

/** Staff act within their own district association; admin everywhere. */
export function ownsDistrict(p: Principal, districtAssociationId: number): boolean {
  return p.roles.includes("admin") || p.districtAssociationId === districtAssociationId;
}

/** Trims strings; empty strings become null (optional fields). */
export const clean = (v: string | null | undefined) => {
  const t = v?.trim();
  return t ? t : null;
};
