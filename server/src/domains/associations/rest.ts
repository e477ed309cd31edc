import { AppError } from "../../auth/errors.ts";
import type { Association } from "../../generated/prisma/client.ts";
import { idParam, type RestRouter, versionOf } from "../../http/rest.ts";
import { createClub, deleteClub, getClub, listClubs, updateClub } from "./service.ts";

/** The spec's club fields (section 3). */
export const toWire = (c: Association) => ({
  id: c.id,
  version: c.version,
  name: c.name,
  district_association_id: c.districtAssociationId,
  invoice_email: c.invoiceEmail,
});

type Body = { id?: unknown; version?: unknown; name?: unknown; invoice_email?: unknown; district_association_id?: unknown };
const str = (v: unknown) => (typeof v === "string" ? v : v == null ? "" : String(v));
const optionalInt = (v: unknown) => (v === undefined || v === null || v === "" ? null : Number.isSafeInteger(Number(v)) ? Number(v) : Number.NaN);

function body(raw: unknown): Body {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new AppError("BAD_REQUEST", "Ungültige Anfrage: JSON-Objekt erwartet");
  return raw as Body;
}

export function associationRoutes(r: RestRouter) {
  r.get("/v1/associations", async (ctx, req) => {
    const q = req.query as { search?: string; districtId?: string };
    const districtAssociationId = optionalInt(q.districtId);
    if (Number.isNaN(districtAssociationId)) throw new AppError("BAD_REQUEST", "Ungültige Anfrage: districtId");
    return (await listClubs(ctx, { search: q.search, districtAssociationId })).map(toWire);
  });
  r.get("/v1/association/:id", async (ctx, req) => toWire(await getClub(ctx, idParam(req))));
  r.post("/v1/association", async (ctx, req, reply) => {
    const b = body(req.body);
    const districtAssociationId = optionalInt(b.district_association_id);
    if (districtAssociationId === null || Number.isNaN(districtAssociationId)) {
      throw new AppError("VALIDATION", "Ungültige Eingabe: district_association_id", { district_association_id: "Dieses Feld ist ein Pflichtfeld" });
    }
    reply.status(201);
    return toWire(await createClub(ctx, { districtAssociationId, name: str(b.name), invoiceEmail: b.invoice_email == null ? null : str(b.invoice_email) }));
  });
  r.put("/v1/association", async (ctx, req) => {
    const b = body(req.body);
    const id = optionalInt(b.id);
    if (id === null || Number.isNaN(id)) throw new AppError("NOT_FOUND", "Verein nicht gefunden");
    // without a version (spec clients do not send one) the save is last-write-wins
    return toWire(
      await updateClub(ctx, id, {
        name: str(b.name),
        invoiceEmail: b.invoice_email == null ? null : str(b.invoice_email),
        version: versionOf(b.version),
      }),
    );
  });
  r.delete("/v1/association/:id", async (ctx, req, reply) => {
    await deleteClub(ctx, idParam(req));
    reply.status(204);
    return null;
  });
}
