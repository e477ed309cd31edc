// Principals for permission tests: one user per role in district 1, the same staff roles in
// district 2, and members of a club in each district (ARCHITECTURE "Tenancy": single-role
// principals in two districts, not only the broad demo accounts).

import type { PrismaClient } from "../../server/src/generated/prisma/client.ts";
import { ROLES, type RoleName } from "../../server/src/shared/roles.ts";

export type World = {
  district1: number;
  district2: number;
  club1: number;
  club2: number;
  /** subject per principal name: "admin", "role:user_read", "member", "member2", "staff2", "blocked" */
  subjects: Record<string, string>;
  userIds: Record<string, number>;
};

export const PRINCIPAL_NAMES = ["admin", ...ROLES.filter((r) => r !== "admin").map((r) => `role:${r}`), "member", "staff2", "member2"] as const;

export async function createWorld(prisma: PrismaClient): Promise<World> {
  const d1 = await prisma.districtAssociation.create({
    data: { name: "KV Eins", iamRef: "kv-1", gdprLink: "https://e.test/1/dsgvo", impressLink: "https://e.test/1/impressum" },
  });
  const d2 = await prisma.districtAssociation.create({
    data: { name: "KV Zwei", iamRef: "kv-2", gdprLink: "https://e.test/2/dsgvo", impressLink: "https://e.test/2/impressum" },
  });
  const c1 = await prisma.association.create({ data: { name: "MV Eins", districtAssociationId: d1.id } });
  const c2 = await prisma.association.create({ data: { name: "MV Zwei", districtAssociationId: d2.id } });
  const subjects: Record<string, string> = {};
  const userIds: Record<string, number> = {};
  const add = async (name: string, roles: RoleName[], districtAssociationId: number, clubs: number[] = [], blocked = false) => {
    const u = await prisma.user.create({
      data: {
        subject: `sub-${name}`,
        email: `${name.replace(":", "-")}@test.example`,
        firstname: name,
        lastname: "Test",
        roles,
        districtAssociationId,
        blocked,
        associations: { create: clubs.map((associationId) => ({ associationId })) },
      },
    });
    subjects[name] = u.subject as string;
    userIds[name] = u.id;
  };
  await add("admin", ["admin"], d1.id);
  for (const r of ROLES) if (r !== "admin") await add(`role:${r}`, [r], d1.id);
  await add("member", [], d1.id, [c1.id]);
  await add(
    "staff2",
    ROLES.filter((r) => r !== "admin"),
    d2.id,
  );
  await add("member2", [], d2.id, [c2.id]);
  await add("blocked", ["user_manage"], d1.id, [], true);
  // an ordinary user of district 1 that tests read and change (never a principal)
  await add("target", [], d1.id, [c1.id]);
  return { district1: d1.id, district2: d2.id, club1: c1.id, club2: c2.id, subjects, userIds };
}
