import type { Principal } from "../../auth/principal.ts";
import type { DistrictAssociation } from "../../generated/prisma/client.ts";
import { idParam, type RestRouter } from "../../http/rest.ts";
import { canSeeIamRef, getDistrictAssociation, listDistrictAssociations } from "./service.ts";

/** The spec's field names (section 3); file_upload follows with the management issue. */
export function toWire(d: DistrictAssociation, p: Principal) {
  return {
    id: d.id,
    name: d.name,
    iam_ref: canSeeIamRef(p) ? d.iamRef : null,
    gdpr_link: d.gdprLink,
    impress_link: d.impressLink,
  };
}

export function districtRoutes(r: RestRouter) {
  r.get("/v1/districtassociations", async (ctx) => (await listDistrictAssociations(ctx)).map((d) => toWire(d, ctx.principal)));
  r.get("/v1/districtassociation/:id", async (ctx, req) => toWire(await getDistrictAssociation(ctx, idParam(req)), ctx.principal));
}
