import { AppError } from "../../auth/errors.ts";
import type { DistrictAssociation, Prisma, StoredFile } from "../../generated/prisma/client.ts";
import { idParam, type RestRouter, versionOf } from "../../http/rest.ts";
import { WireReader } from "../../http/wireInput.ts";
import { canReadClub } from "../associations/service.ts";
import type { ServiceCtx } from "../context.ts";
import { type DistrictInput, toDataUrl } from "./rules.ts";
import {
  canSeeIamRef,
  createDistrictAssociation,
  deleteDistrictAssociation,
  getDistrictAssociation,
  listDistrictAssociations,
  updateDistrictAssociation,
} from "./service.ts";

type Club = { id: number; name: string; districtAssociationId: number };
/** What the answers load with a district association: the image and its clubs. */
const WIRE_INCLUDE = {
  signatureFile: true,
  associations: { select: { id: true, name: true, districtAssociationId: true }, orderBy: [{ name: "asc" }, { id: "asc" }] },
} satisfies Prisma.DistrictAssociationInclude;

/**
 * The spec's field names (section 3); file_upload is the signature image as data URL (admin only);
 * associations[] are its clubs as { id, name }, only those the reader may read (decision R-EN006).
 */
export function toWire(ctx: ServiceCtx, d: DistrictAssociation & { signatureFile?: StoredFile | null; associations: Club[] }) {
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
  };
}

async function loadOne(ctx: ServiceCtx, id: number) {
  await getDistrictAssociation(ctx, id);
  return toWire(ctx, await ctx.prisma.districtAssociation.findUniqueOrThrow({ where: { id }, include: WIRE_INCLUDE }));
}

/** The body of a create or edit, read strictly (http/wireInput.ts). */
function input(raw: unknown): DistrictInput & { id: number | null } {
  const r = WireReader.of(raw);
  const i = {
    id: r.id("id"),
    version: versionOf(r.raw("version")),
    name: r.text("name") ?? "",
    iamRef: r.text("iam_ref") ?? "",
    gdprLink: r.text("gdpr_link") ?? "",
    impressLink: r.text("impress_link") ?? "",
    signatureImage: r.text("file_upload"),
  };
  r.done();
  return i;
}

export function districtRoutes(r: RestRouter) {
  r.get("/v1/districtassociations", async (ctx) => {
    // the service passes the query through; its return type does not follow the include
    const rows = (await listDistrictAssociations(ctx, { include: WIRE_INCLUDE })) as Prisma.DistrictAssociationGetPayload<{ include: typeof WIRE_INCLUDE }>[];
    return rows.map((d) => toWire(ctx, d));
  });
  r.get("/v1/districtassociation/:id", async (ctx, req) => loadOne(ctx, idParam(req)));
  r.post("/v1/districtassociation", async (ctx, req, reply) => {
    const d = await createDistrictAssociation(ctx, input(req.body));
    reply.status(201);
    return loadOne(ctx, d.id);
  });
  r.put("/v1/districtassociation", async (ctx, req) => {
    const { id, ...data } = input(req.body);
    if (id === null) throw new AppError("NOT_FOUND", "Kreisverband nicht gefunden");
    await updateDistrictAssociation(ctx, id, data);
    return loadOne(ctx, id);
  });
  r.delete("/v1/districtassociation/:id", async (ctx, req, reply) => {
    await deleteDistrictAssociation(ctx, idParam(req));
    reply.status(204);
    return null;
  });
}
