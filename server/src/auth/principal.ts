// Every request resolves to one Principal. The user row is read on every request, so blocking,
// role and club changes act at once, whatever an earlier token said.
import type { RoleName } from "../shared/roles.ts";

export type Principal = {
  kind: "user";
  userId: number;
  subject: string;
  roles: RoleName[];
  districtAssociationId: number;
  /** clubs (Vereine) the user belongs to */
  associationIds: number[];
  blocked: boolean;
  /** city, street, postcode and phone are set (R-EN004): needed to register */
  profileComplete: boolean;
};

export function isStaff(p: Principal): boolean {
  return p.roles.length > 0;
}
