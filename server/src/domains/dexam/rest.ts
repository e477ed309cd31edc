import { AppError, validationFailed } from "../../auth/errors.ts";
import type { DexamRegistration, ExamPart, Gender, MealRequest, VaccinationType } from "../../generated/prisma/client.ts";
import { idempotencyKeyOf, idParam, type RestRouter, versionOf } from "../../http/rest.ts";
import { queryId, WireReader } from "../../http/wireInput.ts";
import { MSG } from "../../shared/messages.ts";
import { zipInThread } from "../../workers/pool.ts";
import type { ServiceCtx } from "../context.ts";
import { contentDisposition } from "../files/rules.ts";
import { fileNamePart } from "../results/rules.ts";
import { dexamTypeWire, instrumentWire } from "../wire.ts";
import { type DexamInput, type DexamSong, gradeOf, songsComplete } from "./rules.ts";
import {
  type CreatedDexam,
  campOf,
  cancelDexamRegistration,
  consentFormOf,
  consentFormsOf,
  createDexam,
  deleteDexamRegistration,
  dexamWhere,
  getDexamRegistration,
  isManager,
  takeOver,
  updateDexamRegistration,
  visibleResult,
} from "./service.ts";

const GENDER: Record<string, Gender> = { m: "M", f: "F", d: "D" };
const PART: Record<string, ExamPart> = { theory: "THEORY", practice: "PRACTICE" };
const MEAL: Record<string, MealRequest> = { standard: "STANDARD", vegetarian: "VEGETARIAN", vegan: "VEGAN" };
const VACC: Record<string, VaccinationType> = { fsme: "FSME", tetanus: "TETANUS" };
const back = <T extends string>(m: Record<string, T>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [v, k])) as Record<T, string>;

/** The spec's D-exam registration fields (section 3); camp_extension for the same readers. */
type WireRelations = {
  association: { id: number; name: string } | null;
  consentFormFile?: { name: string } | null;
  event: { districtAssociationId: number };
  theoryLocation: { publishResults: boolean } | null;
  practiceLocation: { id: number; name: string; publishResults: boolean } | null;
};
type WireRow = DexamRegistration & WireRelations;
/** What every /v1 answer of a registration loads with it (no file bytes). */
export const WIRE_INCLUDE = {
  association: { select: { id: true, name: true } },
  consentFormFile: { select: { name: true } },
  event: { select: { districtAssociationId: true } },
  theoryLocation: { select: { publishResults: true } },
  practiceLocation: { select: { id: true, name: true, publishResults: true } },
} as const;

/** `rel`: the row's relations, when they are not on the row (a new registration: no copy of its many columns). */
export function dexamToWire(ctx: ServiceCtx, r: DexamRegistration, rel: WireRelations = r as WireRow) {
  const camp = campOf(ctx, r);
  const result = visibleResult(ctx.principal, r, rel.event, { theory: !!rel.theoryLocation?.publishResults, practice: !!rel.practiceLocation?.publishResults });
  const grade = result.complete ? gradeOf(result) : null;
  const songs = (r.songs as DexamSong[]) ?? [];
  return {
    id: r.id,
    version: r.version,
    event_id: r.eventId,
    user_id: r.userId,
    firstname: r.firstname,
    lastname: r.lastname,
    birthdate: r.birthdate.toISOString().slice(0, 10),
    gender: back(GENDER)[r.gender],
    association_id: r.associationId,
    association: rel.association ? { id: rel.association.id, name: rel.association.name } : null,
    instrument: instrumentWire.toWire(r.instrument),
    type: dexamTypeWire.toWire(r.type),
    theory_location_id: r.theoryLocationId,
    practice_location_id: r.practiceLocationId,
    preparation_location_id: r.preparationLocationId,
    existing_partial_result: r.partialResultType
      ? {
          type: back(PART)[r.partialResultType],
          district_association: r.partialResultDistrict,
          year: r.partialResultYear,
          location: r.partialResultLocation,
          points: r.partialResultPoints === null ? null : Number(r.partialResultPoints),
        }
      : null,
    existing_partial_result_verified: r.existingPartialResultVerified,
    songs,
    songs_complete: songsComplete({ practiceLocationId: r.practiceLocationId, instrument: r.instrument, songs }),
    remarks: r.remarks,
    cancelled_at: r.cancelledAt?.toISOString() ?? null,
    gdpr_accepted: r.gdprAccepted,
    cancellation_accepted: r.cancellationAccepted,
    // file_upload is write-only: the consent form as data URL in a request; answers name the stored file (decision R-EN011)
    file_upload: null,
    consent_form_file_id: r.consentFormFileId,
    consent_form_file: rel.consentFormFile ? { name: rel.consentFormFile.name } : null,
    practice_location: rel.practiceLocation
      ? { id: rel.practiceLocation.id, name: rel.practiceLocation.name, publish_results: rel.practiceLocation.publishResults }
      : null,
    result: { theory_points: result.theoryPoints, practice_points: result.practicePoints },
    mark: grade === "PASSED" ? "bestanden" : grade === "FAILED" ? "nicht bestanden" : null,
    practice_sheet_file_id: result.practiceSheetFileId,
    camp_extension: camp
      ? {
          diseases: camp.diseases ?? null,
          intolerances: camp.intolerances ?? null,
          allergies: camp.allergies ?? null,
          meal_request: camp.mealRequest ? back(MEAL)[camp.mealRequest] : null,
          vaccinations: (camp.vaccinations ?? []).map((v) => ({ type: back(VACC)[v.type], available: v.available, date: v.date ?? null })),
          emergency_contact: camp.emergencyContacts ?? [],
        }
      : null,
  };
}

/** The /v1 answer of a new registration from what the create already holds (no re-read, issue 9). */
function createdToWire(ctx: ServiceCtx, c: CreatedDexam) {
  const at = (id: number | null) => (id === null ? null : (c.event.locations.find((l) => l.id === id) ?? null));
  return dexamToWire(ctx, c.registration, {
    association: c.association,
    consentFormFile: c.consentFormFile,
    event: c.event,
    theoryLocation: at(c.registration.theoryLocationId),
    practiceLocation: at(c.registration.practiceLocationId),
  });
}

const reload = (ctx: ServiceCtx, id: number) => ctx.prisma.dexamRegistration.findUniqueOrThrow({ where: { id }, include: WIRE_INCLUDE });

/** The body of a create, edit or takeover, read strictly (http/wireInput.ts): a wrong type is a 400 naming the field. */
function input(raw: unknown): DexamInput & { id: number | null; eventId: number | null; cancelledAtSent: Date | null | undefined } {
  const r = WireReader.of(raw);
  const written = (_at: Date, text: string) => text.slice(0, 10);
  const pr = r.object("existing_partial_result");
  const prType = pr?.oneOf("type", PART) ?? null;
  const c = r.object("camp_extension");
  const fileUpload = r.text("file_upload");
  const fileName = r.text("file_upload_name");
  const i = {
    id: r.id("id"),
    eventId: r.id("event_id"),
    version: versionOf(r.raw("version")),
    cancelledAtSent: r.has("cancelled_at") ? r.instant("cancelled_at") : undefined,
    existingPartialResultVerified: r.boolean("existing_partial_result_verified"),
    consentForm: fileUpload !== null ? { name: fileName, dataUrl: fileUpload } : null,
    firstname: r.text("firstname"),
    lastname: r.text("lastname"),
    birthdate: r.day("birthdate", written),
    gender: r.oneOf("gender", GENDER),
    associationId: r.id("association_id"),
    instrument: r.oneOf("instrument", instrumentWire.fromWire),
    type: r.oneOf("type", dexamTypeWire.fromWire),
    theoryLocationId: r.id("theory_location_id"),
    practiceLocationId: r.id("practice_location_id"),
    preparationLocationId: r.id("preparation_location_id"),
    partialResult:
      pr && prType
        ? {
            type: prType,
            districtAssociation: pr.text("district_association"),
            year: pr.textOrInteger("year"),
            location: pr.text("location"),
            points: pr.number("points"),
          }
        : null,
    songs: r.objects("songs", (s) => ({ number: s.textOrInteger("number"), name: s.text("name") })),
    remarks: r.text("remarks"),
    gdprAccepted: r.boolean("gdpr_accepted") ?? false,
    cancellationAccepted: r.boolean("cancellation_accepted") ?? false,
    camp: c
      ? {
          diseases: c.text("diseases"),
          intolerances: c.text("intolerances"),
          allergies: c.text("allergies"),
          mealRequest: c.oneOf("meal_request", MEAL),
          vaccinations: c.objects("vaccinations", (v) => ({
            type: v.oneOf("type", VACC) ?? (v.fail("type", MSG.required) as never),
            available: v.boolean("available") ?? false,
            date: v.day("date", written),
          })),
          emergencyContacts: c.objects("emergency_contact", (k) => ({ name: k.text("name"), phone: k.text("phone") })),
        }
      : null,
  };
  r.done();
  return i;
}

export function dexamRoutes(r: RestRouter) {
  r.get("/v1/registrations/event/:eventId/dexam", async (ctx, req) => {
    const q = req.query as Record<string, string | undefined>;
    const where = dexamWhere(ctx, { eventId: idParam(req, "eventId"), locationId: queryId(q, "locationId"), search: q.search });
    const rows = await ctx.prisma.dexamRegistration.findMany({
      where,
      include: WIRE_INCLUDE,
      orderBy: [{ lastname: "asc" }, { firstname: "asc" }, { id: "asc" }],
    });
    return rows.map((row) => dexamToWire(ctx, row));
  });
  r.get("/v1/registration/dexam/:id", async (ctx, req) => dexamToWire(ctx, await reload(ctx, (await getDexamRegistration(ctx, idParam(req))).id)));
  r.post("/v1/registration/dexam", async (ctx, req, reply) => {
    const i = input(req.body);
    if (i.eventId === null) throw validationFailed({ eventId: MSG.required });
    const created = await createDexam(ctx, i.eventId, i, undefined, idempotencyKeyOf(req));
    reply.status(201);
    return createdToWire(ctx, created);
  });
  // PUT: a club member's cancelled_at cancels (the server stamps the time); registration_manage sets
  // cancelled_at (also back to null) and existing_partial_result_verified as sent; otherwise it edits
  r.put("/v1/registration/dexam", async (ctx, req) => {
    const i = input(req.body);
    if (i.id === null) throw new AppError("NOT_FOUND", "D-Prüfungsanmeldung nicht gefunden");
    const current = await getDexamRegistration(ctx, i.id);
    const manager = isManager(ctx.principal, current.event);
    if (!manager && i.cancelledAtSent && !current.cancelledAt) return dexamToWire(ctx, await reload(ctx, (await cancelDexamRegistration(ctx, i.id)).id));
    return dexamToWire(ctx, await reload(ctx, (await updateDexamRegistration(ctx, i.id, { ...i, cancelledAt: i.cancelledAtSent })).id));
  });
  // takeover (R-API055, decision in docs/decisions.md): body { event_id, theory_location_id,
  // practice_location_id, preparation_location_id, remarks, gdpr_accepted, cancellation_accepted,
  // camp_extension, file_upload, file_upload_name }; answers the new registration (201)
  r.post("/v1/registration/dexam/:id/takeover", async (ctx, req, reply) => {
    const i = input(req.body ?? {});
    if (i.eventId === null) throw validationFailed({ eventId: MSG.required });
    const created = await takeOver(
      ctx,
      idParam(req),
      {
        eventId: i.eventId,
        theoryLocationId: i.theoryLocationId,
        practiceLocationId: i.practiceLocationId,
        preparationLocationId: i.preparationLocationId,
        remarks: i.remarks,
        gdprAccepted: i.gdprAccepted,
        cancellationAccepted: i.cancellationAccepted,
        camp: i.camp,
        consentForm: i.consentForm,
      },
      idempotencyKeyOf(req),
    );
    reply.status(201);
    return createdToWire(ctx, created);
  });
  // consent forms (R-API035, R-API040), both spellings (R-API033)
  for (const seg of ["consent_form", "consent-form"]) {
    r.get(`/v1/export/registration/dexam/:id/${seg}`, async (ctx, req, reply) => {
      const { file } = await consentFormOf(ctx, idParam(req));
      reply.header("content-type", file.mimeType).header("content-disposition", contentDisposition(file.name)).header("cache-control", "no-store");
      return reply.send(Buffer.from(file.data));
    });
  }
  for (const seg of ["consent_forms", "consent-forms"]) {
    r.get(`/v1/export/event/:id/${seg}`, async (ctx, req, reply) => {
      const { event, rows } = await consentFormsOf(ctx, idParam(req));
      // names are free text: only their safe parts, so every entry keeps its id and none overwrites another
      const files = rows.map((row) => {
        const f = row.consentFormFile!;
        const ext = f.name.includes(".") ? fileNamePart(f.name.split(".").pop() as string) : "bin";
        return { name: `${row.id}_${fileNamePart(row.lastname)}_${fileNamePart(row.firstname)}.${ext}`, data: f.data };
      });
      const zip = await zipInThread(files, "Zu dieser Veranstaltung sind keine Einverständniserklärungen hochgeladen.");
      reply
        .header("content-type", "application/zip")
        .header("content-disposition", contentDisposition(`Einverstaendniserklaerungen_${event.id}_${fileNamePart(event.name)}.zip`))
        .header("cache-control", "no-store");
      return reply.send(Buffer.from(zip));
    });
  }
  r.delete("/v1/registration/dexam/:id", async (ctx, req, reply) => {
    await deleteDexamRegistration(ctx, idParam(req));
    reply.status(204);
    return null;
  });
}
