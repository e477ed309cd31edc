import { z } from "zod";
import { AppError, validationFailed } from "../../auth/errors.ts";
import type { DexamRegistration, ExamPart, Gender, MealRequest, VaccinationType } from "../../generated/prisma/client.ts";
import { idempotencyKeyOf, idParam, type RestRouter, versionOf } from "../../http/rest.ts";
import { queryId } from "../../http/wireInput.ts";
import * as w from "../../http/wireSchema.ts";
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

const written = (_at: Date, text: string) => text.slice(0, 10);

/**
 * The body of a create, edit or takeover (spec section 3's snake_case names and wire values), read
 * strictly (http/wireSchema.ts: a wrong type is a 400 naming the field) into the service's
 * DexamInput; what the fields must hold is the one D-exam schema's job (shared/dexamSchema.ts).
 */
const DexamBody = z
  .object({
    id: w.id(),
    event_id: w.id(),
    version: z.unknown().optional(),
    cancelled_at: w.instant().optional(),
    existing_partial_result_verified: w.boolean(),
    file_upload: w.text(),
    file_upload_name: w.text(),
    firstname: w.text(),
    lastname: w.text(),
    birthdate: w.day(written),
    gender: w.oneOf(GENDER),
    association_id: w.id(),
    instrument: w.oneOf(instrumentWire),
    type: w.oneOf(dexamTypeWire),
    theory_location_id: w.id(),
    practice_location_id: w.id(),
    preparation_location_id: w.id(),
    existing_partial_result: w.object({
      type: w.oneOf(PART),
      district_association: w.text(),
      year: w.textOrInteger(),
      location: w.text(),
      points: w.number(),
    }),
    songs: w.list(w.item({ number: w.textOrInteger(), name: w.text() })),
    remarks: w.text(),
    gdpr_accepted: w.boolean(),
    cancellation_accepted: w.boolean(),
    camp_extension: w.object({
      diseases: w.text(),
      intolerances: w.text(),
      allergies: w.text(),
      meal_request: w.oneOf(MEAL),
      vaccinations: w.list(w.item({ type: w.requiredOneOf(VACC), available: w.boolean(), date: w.day(written) })),
      emergency_contact: w.list(w.item({ name: w.text(), phone: w.text() })),
    }),
  })
  .transform((b) => {
    const pr = b.existing_partial_result;
    const c = b.camp_extension;
    return {
      id: b.id,
      eventId: b.event_id,
      version: versionOf(b.version),
      cancelledAtSent: b.cancelled_at,
      existingPartialResultVerified: b.existing_partial_result_verified,
      consentForm: b.file_upload !== null ? { name: b.file_upload_name, dataUrl: b.file_upload } : null,
      firstname: b.firstname,
      lastname: b.lastname,
      birthdate: b.birthdate,
      gender: b.gender,
      associationId: b.association_id,
      instrument: b.instrument,
      type: b.type,
      theoryLocationId: b.theory_location_id,
      practiceLocationId: b.practice_location_id,
      preparationLocationId: b.preparation_location_id,
      partialResult: pr?.type ? { type: pr.type, districtAssociation: pr.district_association, year: pr.year, location: pr.location, points: pr.points } : null,
      songs: b.songs,
      remarks: b.remarks,
      gdprAccepted: b.gdpr_accepted ?? false,
      cancellationAccepted: b.cancellation_accepted ?? false,
      camp: c
        ? {
            diseases: c.diseases,
            intolerances: c.intolerances,
            allergies: c.allergies,
            mealRequest: c.meal_request,
            vaccinations: c.vaccinations.map((v) => ({ type: v.type, available: v.available ?? false, date: v.date })),
            emergencyContacts: c.emergency_contact,
          }
        : null,
    } satisfies DexamInput & { id: number | null; eventId: number | null; cancelledAtSent: Date | null | undefined };
  });

const input = (raw: unknown) => w.readBody(DexamBody, raw);

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
