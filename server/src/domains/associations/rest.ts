import { AppError, validationFailed } from "../../auth/errors.ts";
import type { Association } from "../../generated/prisma/client.ts";
import { idParam, type RestRouter, versionOf } from "../../http/rest.ts";
import { queryId, WireReader } from "../../http/wireInput.ts";
import { MSG } from "../../shared/messages.ts";
import { createClub, deleteClub, getClub, listClubs, updateClub } from "./service.ts";

/** The spec's club fields (section 3). */
export const toWire = (c: Association) => ({
  id: c.id,
  version: c.version,
  name: c.name,
  district_association_id: c.districtAssociationId,
  invoice_email: c.invoiceEmail,
});

export function associationRoutes(r: RestRouter) {
  r.get("/v1/associations", async (ctx, req) => {
    const q = req.query as { search?: string; districtId?: string };
    const districtAssociationId = queryId(q, "districtId");
    return (await listClubs(ctx, { search: q.search, districtAssociationId })).map(toWire);
  });
  r.get("/v1/association/:id", async (ctx, req) => toWire(await getClub(ctx, idParam(req))));
  r.post("/v1/association", async (ctx, req, reply) => {
    const r = WireReader.of(req.body);
    const districtAssociationId = r.id("district_association_id");
    const input = { name: r.text("name") ?? "", invoiceEmail: r.text("invoice_email") };
    r.done();
    if (districtAssociationId === null) {
      throw validationFailed({ districtAssociationId: MSG.required });
    }
    reply.status(201);
    return toWire(await createClub(ctx, { districtAssociationId, ...input }));
  });
  r.put("/v1/association", async (ctx, req) => {
    const r = WireReader.of(req.body);
    const id = r.id("id");
    // without a version (spec clients do not send one) the save is last-write-wins
    const input = { name: r.text("name") ?? "", invoiceEmail: r.text("invoice_email"), version: versionOf(r.raw("version")) };
    r.done();
    if (id === null) throw new AppError("NOT_FOUND", "Verein nicht gefunden");
    return toWire(await updateClub(ctx, id, input));
  });
  r.delete("/v1/association/:id", async (ctx, req, reply) => {
    await deleteClub(ctx, idParam(req));
    reply.status(204);
    return null;
  });
}
