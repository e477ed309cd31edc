import { z } from "zod";
import { AppError } from "../../auth/errors.ts";
import type { DistrictAssociation, Prisma, StoredFile } from "../../generated/prisma/client.ts";
import { idParam, ifMatchVersion, type RestRouter } from "../../http/rest.ts";
import * as w from "../../http/wireSchema.ts";
import { canReadClub, clubOrder } from "../associations/service.ts";
import type { ServiceCtx } from "../context.ts";
import { type DistrictInput, toDataUrl } from "./rules.ts";
import {
  canSeeIamRef,
  createDistrictAssociation,
  deleteDistrictAssociation,
  districtList,
  getDistrictAssociation,
  updateDistrictAssociation,
} from "./service.ts";

type Club = { id: number; name: string; districtAssociationId: number };
/** What the answers load with a district association: the image and its clubs. */
const WIRE_INCLUDE = {
  signatureFile: true,
  associations: { select: { id: true, name: true, districtAssociationId: true }, orderBy: clubOrder },
} satisfies Prisma.DistrictAssociationInclude;

/**
 * The spec's field names (section 3); file_upload is the signature image as data URL (admin only);
 * associations[] are its clubs as { id, name }, only those the reader may read (decision R-EN006).
 */
export const DistrictWire = z.object({
  id: z.int(),
  version: z.int(),
  name: z.string(),
  iam_ref: z.string().nullable().meta({ description: "Die Kennung im Identity Provider; nur für Administratoren, sonst leer" }),
  gdpr_link: z.string(),
  impress_link: z.string(),
  file_upload: z
    .string()
    .nullable()
    .meta({ description: "Das Unterschriftsbild als data:-URL (image/png oder image/jpeg); nur für Administratoren, sonst leer" }),
  associations: z.array(z.object({ id: z.int(), name: z.string() })).meta({ description: "Die Vereine des Kreisverbands, die der Aufrufer lesen darf" }),
  updated_at: w.updatedAt(),
});
const DistrictQuery = w.listQuery({});

export function toWire(ctx: ServiceCtx, d: DistrictAssociation & { signatureFile?: StoredFile | null; associations: Club[] }): z.infer<typeof DistrictWire> {
  const p = ctx.principal;
  const admin = canSeeIamRef(p);
  return {
    id: d.id,
    version: d.version,
    name: d.name,
    iam_ref: admin ? d.iamRef : null,
    gdpr_link: d.gdprLink,
    impress_link: d.impressLink,
    file_upload: admin && d.signatureFile ? toDataUrl(ctx.services.dataKey, d.signatureFile) : null,
    associations: d.associations.filter((c) => canReadClub(p, c)).map((c) => ({ id: c.id, name: c.name })),
    updated_at: d.updatedAt.toISOString(),
  };
}

async function loadOne(ctx: ServiceCtx, id: number): Promise<z.infer<typeof DistrictWire>> {
  await getDistrictAssociation(ctx, id);
  return toWire(ctx, await ctx.prisma.districtAssociation.findUniqueOrThrow({ where: { id }, include: WIRE_INCLUDE }));
}

/** A create or edit body; without a version (spec clients send none) the save is last-write-wins. */
const DistrictBody = w.body({
  id: w.id(),
  version: w.version(),
  name: w.text({ description: "Name des Kreisverbands" }),
  iam_ref: w.text({ description: "Die Kennung des Kreisverbands im Identity Provider" }),
  gdpr_link: w.text({ description: "Adresse (http/https) der Datenschutzerklärung" }),
  impress_link: w.text({ description: "Adresse (http/https) des Impressums" }),
  file_upload: w.text({
    description: 'Das Unterschriftsbild als data:-URL (.png, .jpeg, .jpg, höchstens 5 MB); ohne oder null: unverändert, "": entfernt',
  }),
});

/** The body of a create or edit, read strictly (http/wireSchema.ts). */
function input(raw: unknown): DistrictInput & { id: number | null } {
  const b = w.readBody(DistrictBody, raw);
  return {
    id: b.id,
    version: b.version,
    name: b.name ?? "",
    iamRef: b.iam_ref ?? "",
    gdprLink: b.gdpr_link ?? "",
    impressLink: b.impress_link ?? "",
    signatureImage: b.file_upload,
  };
}

// the district association the POST example creates in the demo data (two)
const CREATED = 3;

export function districtRoutes(r: RestRouter) {
  r.list(
    "/v1/districtassociations",
    {
      tag: "Kreisverbände",
      summary: "Kreisverbände auflisten",
      description: "Alle Kreisverbände, nach Namen; jeder angemeldete Benutzer darf sie lesen (iam_ref und file_upload nur Administratoren).",
      query: DistrictQuery,
      response: z.array(DistrictWire),
      example: {},
    },
    {
      read: (ctx, q) => districtList(ctx, { updatedSince: q.updatedSince }),
      delegate: (prisma) => prisma.districtAssociation,
      connection: "DistrictAssociationList",
      include: WIRE_INCLUDE,
      wire: (row: Prisma.DistrictAssociationGetPayload<{ include: typeof WIRE_INCLUDE }>, ctx) => toWire(ctx, row),
    },
  );
  r.get(
    "/v1/districtassociation/:id",
    { tag: "Kreisverbände", summary: "Einen Kreisverband lesen", response: DistrictWire, example: { params: { id: 1 } } },
    async (ctx, req) => loadOne(ctx, idParam(req)),
  );
  r.post(
    "/v1/districtassociation",
    {
      tag: "Kreisverbände",
      summary: "Kreisverband anlegen",
      description: "Nur Administratoren. Name, iam_ref, gdpr_link und impress_link sind Pflicht.",
      body: DistrictBody,
      required: ["name", "iam_ref", "gdpr_link", "impress_link"],
      status: 201,
      response: DistrictWire,
      example: {
        body: {
          name: "Kreisverband Neustadt",
          iam_ref: "kv-neustadt",
          gdpr_link: "https://example.org/neustadt/datenschutz",
          impress_link: "https://example.org/neustadt/impressum",
        },
      },
    },
    async (ctx, req) => {
      const d = await createDistrictAssociation(ctx, input(req.body));
      return loadOne(ctx, d.id);
    },
  );
  r.put(
    "/v1/districtassociation",
    {
      tag: "Kreisverbände",
      summary: "Kreisverband ändern",
      description: "Nur Administratoren. Eine Änderung auf einer veralteten `version` wird abgelehnt (409 CONFLICT).",
      body: DistrictBody,
      response: DistrictWire,
      example: {
        body: {
          id: CREATED,
          name: "Kreisverband Neustadt-Land",
          iam_ref: "kv-neustadt",
          gdpr_link: "https://example.org/neustadt/datenschutz",
          impress_link: "https://example.org/neustadt/impressum",
        },
      },
    },
    async (ctx, req) => {
      const { id, ...data } = input(req.body);
      if (id === null) throw new AppError("NOT_FOUND", "Kreisverband nicht gefunden");
      await updateDistrictAssociation(ctx, id, data);
      return loadOne(ctx, id);
    },
  );
  r.delete(
    "/v1/districtassociation/:id",
    {
      ifMatch: true,
      tag: "Kreisverbände",
      summary: "Kreisverband löschen",
      description:
        "Nur Administratoren. Löscht den Kreisverband mit allem, was zu ihm gehört (Benutzer, Vereine, Veranstaltungen, Orte, Anmeldungen, Ergebnisse); " +
        "den eigenen Kreisverband nicht (409 CONFLICT).",
      status: 204,
      example: { params: { id: CREATED } },
    },
    async (ctx, req) => {
      await deleteDistrictAssociation(ctx, idParam(req), ifMatchVersion(req));
      return null;
    },
  );
}
