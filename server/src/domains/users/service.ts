// Users. The viewer is the signed-in user (the spec's "user id 0").
import { authorize } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { isProfileComplete } from "../../shared/validation.ts";

export type Ctx = { principal: Principal | null; prisma: PrismaClient };

export async function getViewer(ctx: Ctx) {
  const p = authorize(ctx.principal, "viewer.read");
  return ctx.prisma.user.findUniqueOrThrow({
    where: { id: p.userId },
    include: { associations: { include: { association: true }, orderBy: { association: { name: "asc" } } } },
  });
}

export { isProfileComplete };
