import { z } from "zod";
import { AppError, validationFailed } from "../../auth/errors.ts";
import type { Association } from "../../generated/prisma/client.ts";
import { idParam, ifMatchVersion, type RestRouter } from "../../http/rest.ts";
import * as w from "../../http/wireSchema.ts";
import { MSG } from "../../shared/messages.ts";
import { clubList, createClub, deleteClub, getClub, updateClub } from "./service.ts";

/** The spec's club fields (section 3), as /v1 answers them. */
export const ClubWire = z.object({
  id: z.int(),
  version: z.int(),
  name: z.string(),
  district_association_id: z.int(),
  invoice_email: z.string().nullable(),
  updated_at: w.updatedAt(),
});

export const toWire = (c: Association): z.infer<typeof ClubWire> => ({
  id: c.id,
  version: c.version,
  name: c.name,
  district_association_id: c.districtAssociationId,
  invoice_email: c.invoiceEmail,
  updated_at: c.updatedAt.toISOString(),
});

/** A create or edit body; without a version (spec clients send none) the save is last-write-wins. */
const ClubBody = w.body({
  id: w.id(),
  version: w.version(),
  name: w.text({ description: "Name des Vereins" }),
  district_association_id: w.id(),
  invoice_email: w.text({ description: "E-Mail-Adresse für Rechnungen" }),
});
const ClubQuery = w.listQuery({ search: w.queryText(), districtId: w.queryId() });

export function associationRoutes(r: RestRouter) {
  r.list(
    "/v1/associations",
    {
      tag: "Vereine",
      summary: "Vereine auflisten",
      description:
        "Die Vereine, die der Aufrufer sehen darf; `search` sucht im Namen, `districtId` grenzt auf einen Kreisverband ein (außer Administratoren nur den eigenen; ein anderer: 403).",
      query: ClubQuery,
      response: z.array(ClubWire),
      example: { query: { search: "Muster", limit: "20" } },
    },
    {
      read: (ctx, q) => clubList(ctx, { search: q.search, districtAssociationId: q.districtId, updatedSince: q.updatedSince }),
      delegate: (prisma) => prisma.association,
      connection: "AssociationConnection",
      wire: (row: Association) => toWire(row),
    },
  );
  r.get("/v1/association/:id", { tag: "Vereine", summary: "Einen Verein lesen", response: ClubWire, example: { params: { id: 1 } } }, async (ctx, req) =>
    toWire(await getClub(ctx, idParam(req))),
  );
  r.post(
    "/v1/association",
    {
      tag: "Vereine",
      summary: "Verein anlegen",
      body: ClubBody,
      status: 201,
      response: ClubWire,
      required: ["name", "district_association_id"],
      example: { body: { name: "Musikverein Neudorf", district_association_id: 1, invoice_email: "kasse@mv-neudorf.example" } },
    },
    async (ctx, req) => {
      const b = w.readBody(ClubBody, req.body);
      if (b.district_association_id === null) throw validationFailed({ districtAssociationId: MSG.required });
      return toWire(await createClub(ctx, { districtAssociationId: b.district_association_id, name: b.name ?? "", invoiceEmail: b.invoice_email }));
    },
  );
  r.put(
    "/v1/association",
    {
      tag: "Vereine",
      summary: "Verein ändern",
      body: ClubBody,
      response: ClubWire,
      example: { body: { id: 1, name: "Musikverein Musterstadt e. V.", invoice_email: "kasse@mv-musterstadt.example" } },
    },
    async (ctx, req) => {
      const b = w.readBody(ClubBody, req.body);
      if (b.id === null) throw new AppError("NOT_FOUND", "Verein nicht gefunden");
      return toWire(await updateClub(ctx, b.id, { name: b.name ?? "", invoiceEmail: b.invoice_email, version: b.version }));
    },
  );
  r.delete(
    "/v1/association/:id",
    {
      ifMatch: true,
      tag: "Vereine",
      summary: "Verein löschen",
      description: "Ein Verein mit Anmeldungen wird nicht gelöscht (409 CONFLICT).",
      status: 204,
      // the club the create example makes in the demo data
      example: { params: { id: 6 } },
    },
    async (ctx, req) => {
      await deleteClub(ctx, idParam(req), ifMatchVersion(req));
      return null;
    },
  );
}
