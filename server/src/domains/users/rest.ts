import type { RestRouter } from "../../http/rest.ts";
import { isProfileComplete } from "../../shared/validation.ts";
import { getViewer } from "./service.ts";

type UserWithClubs = Awaited<ReturnType<typeof getViewer>>;

/** The spec's user fields (section 3). */
export function toWire(u: UserWithClubs) {
  return {
    id: u.id,
    firstname: u.firstname,
    lastname: u.lastname,
    email: u.email,
    phone: u.phone,
    address: { street: u.street, postcode: u.postcode, city: u.city, country: u.country },
    roles: u.roles,
    associations: u.associations.map((a) => ({ id: a.association.id, name: a.association.name })),
    district_association_id: u.districtAssociationId,
    last_active: u.lastActive?.toISOString() ?? null,
    blocked: u.blocked,
    complete: isProfileComplete(u),
  };
}

export function userRoutes(r: RestRouter) {
  // user id 0 is the signed-in user; other ids arrive with user management
  r.get("/v1/user/0", async (ctx) => toWire(await getViewer(ctx)));
}
