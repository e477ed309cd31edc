import { z } from "zod";
import { validationFailed } from "../../auth/errors.ts";
import type { DexamRegistration, ExamPart, Gender, MealRequest, VaccinationType } from "../../generated/prisma/client.ts";
import { idempotencyKeyOf, idParam, type RestRouter } from "../../http/rest.ts";
import * as w from "../../http/wireSchema.ts";
import { MAX_EMERGENCY_CONTACTS, MAX_VACCINATIONS, SONG_ROWS } from "../../shared/dexamSchema.ts";
import { MSG } from "../../shared/messages.ts";
import { zipInThread } from "../../workers/pool.ts";
import type { ServiceCtx } from "../context.ts";
import { contentDisposition } from "../files/rules.ts";
import { XLSX_MIME } from "../files/zip.ts";
import { recordHealthDataAccess } from "../healthaccess/service.ts";
import { hasCampData, mayReadCampData } from "../registrations/access.ts";
import { remarksOf } from "../registrations/remarks.ts";
import { registrationRoutes } from "../registrations/rest.ts";
import { consentsOf, registrationBodyFields, registrationBodyOf, registrationHeadOf, registrationWireHead } from "../registrations/wire.ts";
import { fileNamePart } from "../results/rules.ts";
import { dexamTypeWire, instrumentWire } from "../wire.ts";
import type { DEXAM_OVERVIEW_ORDER } from "./overviewOrder.ts";
import { personData, personWorkbook } from "./person.ts";
import { type DexamInput, type DexamSong, gradeOf, songsComplete } from "./rules.ts";
import {
  type CreatedDexam,
  campOf,
  consentFormOf,
  consentFormsOf,
  createDexam,
  DEXAM_LIST,
  deleteDexamRegistration,
  takeOver,
  updateDexamRegistration,
  visibleResult,
} from "./service.ts";

const GENDER = { m: "M", f: "F", d: "D" } as const satisfies Record<string, Gender>;
const PART = { theory: "THEORY", practice: "PRACTICE" } as const satisfies Record<string, ExamPart>;
const MEAL = { standard: "STANDARD", vegetarian: "VEGETARIAN", vegan: "VEGAN" } as const satisfies Record<string, MealRequest>;
const VACC = { fsme: "FSME", tetanus: "TETANUS" } as const satisfies Record<string, VaccinationType>;
const back = <K extends string, V extends string>(m: Record<K, V>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [v, k])) as Record<V, K>;
/** The wire values of a map (wire value -> value), for the answer schemas. */
const wireKeys = <K extends string>(m: Record<K, unknown>) => Object.keys(m) as [K, ...K[]];

/** The spec's D-exam registration fields (section 3), as /v1 answers them; camp_extension for the same readers. */
export const DexamWire = z.object({
  ...registrationWireHead,
  firstname: z.string(),
  lastname: z.string(),
  birthdate: z.iso.date(),
  gender: z.enum(wireKeys(GENDER)),
  association_id: z.int(),
  association: z.object({ id: z.int(), name: z.string() }).nullable(),
  instrument: z.enum(instrumentWire.values),
  type: z.enum(dexamTypeWire.values),
  theory_location_id: z.int().nullable(),
  practice_location_id: z.int().nullable(),
  preparation_location_id: z.int().nullable(),
  existing_partial_result: z
    .object({
      type: z.enum(wireKeys(PART)),
      district_association: z.string().nullable(),
      year: z.int().nullable(),
      location: z.string().nullable(),
      points: z.number().nullable(),
    })
    .nullable()
    .meta({ description: "Die vorhandene Teilprüfung (bei einer Übernahme die übernommene)" }),
  existing_partial_result_verified: z.boolean(),
  songs: z.array(z.object({ number: z.string().nullish(), name: z.string().nullish() })).meta({ description: "Die vier Prüfungsstücke" }),
  songs_complete: z.boolean(),
  remarks: z.string().nullable(),
  cancelled_at: z.iso.datetime().nullable(),
  gdpr_accepted: z.boolean(),
  cancellation_accepted: z.boolean(),
  health_consent_accepted: z.boolean().meta({
    description:
      "Freizeiten: die ausdrückliche Einwilligung in die Verarbeitung der Gesundheitsdaten (Art. 9 Abs. 2 lit. a DSGVO) durch eine sorgeberechtigte Person oder mit deren Einverständnis; sonst false",
  }),
  file_upload: z.null().meta({ description: "Nur in Anfragen (die Einverständniserklärung als Data-URL); Antworten nennen die gespeicherte Datei" }),
  consent_form_file_id: z.int().nullable(),
  consent_form_file: z.object({ name: z.string() }).nullable(),
  practice_location: z.object({ id: z.int(), name: z.string(), publish_results: z.boolean() }).nullable(),
  result: z
    .object({ theory_points: z.number().nullable(), practice_points: z.number().nullable() })
    .meta({ description: "Die Punkte, soweit der Aufrufer sie sehen darf (veröffentlicht oder Personal des Kreisverbands)" }),
  mark: z.enum(["bestanden", "nicht bestanden"]).nullable(),
  practice_sheet_file_id: z.int().nullable(),
  camp_extension: z
    .object({
      diseases: z.string().nullable(),
      intolerances: z.string().nullable(),
      allergies: z.string().nullable(),
      meal_request: z.enum(wireKeys(MEAL)).nullable(),
      vaccinations: z.array(z.object({ type: z.enum(wireKeys(VACC)), available: z.boolean(), date: z.iso.date().nullable() })),
      emergency_contact: z.array(z.object({ name: z.string().nullish(), phone: z.string().nullish() })),
    })
    .nullable()
    .meta({
      description:
        "Die Angaben der Freizeit (nur bei D-Prüfungen Freizeit): nur für das Konto, das angemeldet hat, und das Anmeldepersonal des Kreisverbands; andere erhalten null und camp_data_withheld",
    }),
  camp_data_withheld: z.boolean().meta({
    description:
      "Angaben zur Freizeit vorhanden, die der Aufrufer nicht sieht (ein anderes Konto des Vereins als das, das angemeldet hat): camp_extension und die Einverständniserklärung sind dann null, eine Änderung behält die gespeicherten Angaben",
  }),
});
type DexamAnswer = z.infer<typeof DexamWire>;

/** What dexamToWire needs besides the row. */
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
export function dexamToWire(ctx: ServiceCtx, r: DexamRegistration, rel: WireRelations = r as WireRow): DexamAnswer {
  // health data only for the account that registered and the district's registration staff (registrations/access.ts)
  const campReader = mayReadCampData(ctx.principal, r, rel.event);
  const camp = campReader ? campOf(ctx, r) : null;
  const result = visibleResult(ctx.principal, r, rel.event, rel);
  const grade = result.complete ? gradeOf(result) : null;
  const songs = (r.songs as DexamSong[]) ?? [];
  return {
    ...registrationHeadOf(r),
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
    remarks: remarksOf(ctx.services.dataKey, r),
    cancelled_at: r.cancelledAt?.toISOString() ?? null,
    gdpr_accepted: r.gdprAccepted,
    cancellation_accepted: r.cancellationAccepted,
    health_consent_accepted: r.healthConsentAccepted,
    // file_upload is write-only: the consent form as data URL in a request; answers name the stored file (decision R-EN011)
    file_upload: null,
    consent_form_file_id: campReader ? r.consentFormFileId : null,
    consent_form_file: campReader && rel.consentFormFile ? { name: rel.consentFormFile.name } : null,
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
    camp_data_withheld: !campReader && hasCampData(r),
  };
}

/** Answers registrations, recording in one access record those whose camp data the answer carries (healthaccess/service.ts). */
async function recorded<T extends DexamAnswer | DexamAnswer[]>(ctx: ServiceCtx, answer: T, door: "rest" | "restList"): Promise<T> {
  const ids = (Array.isArray(answer) ? answer : [answer]).filter((a) => a.camp_extension !== null).map((a) => a.id);
  await recordHealthDataAccess(ctx, { registrationIds: ids, door });
  return answer;
}

/** The /v1 answer of a new registration from what the create already holds (no re-read). */
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

const written = (_at: Date, text: string) => text.slice(0, 10);

/**
 * The fields of a create, edit or takeover body (spec section 3's snake_case names and wire values),
 * read strictly (http/wireSchema.ts: a wrong type is a 400 naming the field); what the fields must
 * hold is the one D-exam schema's job (shared/dexamSchema.ts).
 */
const DexamFields = z.object({
  ...registrationBodyFields,
  existing_partial_result_verified: w.boolean(),
  file_upload: w.text({
    description:
      "Die von den Eltern unterschriebene Einverständniserklärung als Data-URL (data:application/pdf;base64,…): nur bei D-Prüfungen Freizeit, beim Anlegen Pflicht; pdf, jpeg, png oder heic, höchstens 5 MB",
  }),
  file_upload_name: w.text({ description: "Der Dateiname der Einverständniserklärung" }),
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
  songs: w.list(w.item({ number: w.textOrInteger(), name: w.text() }), SONG_ROWS),
  remarks: w.text(),
  gdpr_accepted: w.boolean(),
  cancellation_accepted: w.boolean(),
  health_consent_accepted: w.boolean({
    description:
      "Nur bei D-Prüfungen Freizeit, beim Anlegen Pflicht: die ausdrückliche Einwilligung in die Verarbeitung der Gesundheitsdaten (Art. 9 Abs. 2 lit. a DSGVO) durch eine sorgeberechtigte Person oder mit deren Einverständnis",
  }),
  camp_extension: w.object({
    diseases: w.text(),
    intolerances: w.text(),
    allergies: w.text(),
    meal_request: w.oneOf(MEAL),
    vaccinations: w.list(w.item({ type: w.requiredOneOf(VACC), available: w.boolean(), date: w.day(written) }), MAX_VACCINATIONS),
    emergency_contact: w.list(w.item({ name: w.text(), phone: w.text() }), MAX_EMERGENCY_CONTACTS),
  }),
});
type Fields = z.output<typeof DexamFields>;

const consentFormOfBody = (b: Pick<Fields, "file_upload" | "file_upload_name">) =>
  b.file_upload !== null ? { name: b.file_upload_name, dataUrl: b.file_upload } : null;
const campOfBody = (c: Fields["camp_extension"]) =>
  c
    ? {
        diseases: c.diseases,
        intolerances: c.intolerances,
        allergies: c.allergies,
        mealRequest: c.meal_request,
        vaccinations: c.vaccinations.map((v) => ({ type: v.type, available: v.available ?? false, date: v.date })),
        emergencyContacts: c.emergency_contact,
      }
    : null;

/** The body of a create or edit, read into the service's DexamInput. */
const DexamBody = DexamFields.transform((b) => {
  const pr = b.existing_partial_result;
  return {
    ...registrationBodyOf(b),
    existingPartialResultVerified: b.existing_partial_result_verified,
    consentForm: consentFormOfBody(b),
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
    healthConsentAccepted: b.health_consent_accepted ?? false,
    camp: campOfBody(b.camp_extension),
  } satisfies DexamInput & { id: number | null; eventId: number | null; cancelledAtSent: Date | null | undefined };
});

/**
 * The body of a takeover (R-API055, decision in docs/decisions.md): the target event, the locations
 * of the missing part, the consents and (camp events) the camp data and consent form; the person
 * comes from the registration taken over.
 */
const TakeoverBody = DexamFields.pick({
  event_id: true,
  theory_location_id: true,
  practice_location_id: true,
  preparation_location_id: true,
  remarks: true,
  gdpr_accepted: true,
  cancellation_accepted: true,
  health_consent_accepted: true,
  camp_extension: true,
  file_upload: true,
  file_upload_name: true,
}).transform((b) => ({
  eventId: b.event_id,
  theoryLocationId: b.theory_location_id,
  practiceLocationId: b.practice_location_id,
  preparationLocationId: b.preparation_location_id,
  ...consentsOf(b),
  healthConsentAccepted: b.health_consent_accepted ?? false,
  camp: campOfBody(b.camp_extension),
  consentForm: consentFormOfBody(b),
}));

// the examples run against the demo data (prisma/demo.ts): event 1 "D-Prüfungen Frühjahr" (theory
// location 1, practice locations 2-4), event 2 last autumn's exams (Lena Lernfleißig, registration 5,
// passed theory only), event 3 the camp (locations 8-10); the demo has 6 D-exam registrations, the
// create example makes the 7th (a camp registration with a consent form), the takeover the 8th
const CAMP_EXAMPLE = {
  firstname: "Jonas",
  lastname: "Posaune",
  birthdate: "2012-05-20",
  gender: "m",
  association_id: 1,
  instrument: "Trombone",
  type: "D1",
  theory_location_id: 8,
  practice_location_id: 9,
  preparation_location_id: 10,
  songs: [
    { number: "4", name: "Choral" },
    { number: "9", name: "Marsch" },
    { number: "15", name: "Etüde in F" },
    { number: "2", name: "Tonleitern" },
  ],
  remarks: "Reist mit dem Zug an",
  gdpr_accepted: true,
  cancellation_accepted: true,
  health_consent_accepted: true,
  camp_extension: {
    diseases: null,
    intolerances: "Laktose",
    allergies: null,
    meal_request: "vegetarian",
    vaccinations: [{ type: "tetanus", available: true, date: "2021-03-01" }],
    emergency_contact: [{ name: "Petra Posaune", phone: "+49 711 987654" }],
  },
};
// the demo data holds seven D-exam registrations (prisma/demo.ts): the create example makes the eighth
const CREATED = 8;

const CONSENT_FORM_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/heic"];

export function dexamRoutes(r: RestRouter) {
  registrationRoutes<keyof typeof DEXAM_OVERVIEW_ORDER.columns, WireRow, DexamInput, DexamAnswer>(r, {
    list: DEXAM_LIST,
    segment: "dexam",
    tag: "D-Prüfungen",
    wire: DexamWire,
    body: DexamBody,
    include: WIRE_INCLUDE,
    toWire: (ctx, row: WireRow) => dexamToWire(ctx, row),
    answered: recorded,
    create: async (ctx, eventId, i, key) => createdToWire(ctx, await createDexam(ctx, eventId, i, undefined, key)),
    update: (ctx, id, input, o) => updateDexamRegistration(ctx, id, input, o) as Promise<WireRow>,
    delete: deleteDexamRegistration,
    docs: {
      list: {
        summary: "D-Prüfungsanmeldungen einer Veranstaltung auflisten",
        description:
          "Vereinsmitglieder sehen die Anmeldungen ihrer Vereine, registration_read/registration_manage alle der Veranstaltungen ihres Kreisverbands. " +
          "`locationId` grenzt auf einen Prüfungs- oder Vorbereitungsort ein, `search` sucht in Namen, Verein, Instrument, Kurs und den Prüfungs- und Vorbereitungsorten. " +
          "Die Filter `associationId` (Verein), `instrument`, `course`, `status` und `createdFrom`/`createdTo` (angelegt zwischen, Tage in Europe/Berlin) wirken zusammen und mit der Suche; " +
          "`status`: `live`, `cancelled`, `not_verified` (vorhandene Teilprüfung nicht geprüft), `result_entered` (nur wer alle Ergebnisse sieht, sonst 400 VALIDATION), `result_published`; " +
          "`documents_incomplete` gibt es nur bei Wertungsspielen (400 VALIDATION). " +
          "`sort` sortiert nach einer Spalte (wie `orderBy` der GraphQL-Übersicht, z. B. `instrument` in Partiturordnung, `-course` absteigend); ohne: Nachname, Vorname, ID. " +
          "`songs`: unvollständige Stücke vor vollständigen (ohne Praxisprüfung gelten sie als vollständig). " +
          "`theory_points` und `practice_points` (ohne Punkte zuletzt, absteigend zuerst) und `grade` (nicht bestanden vor bestanden, ohne Note zuletzt, absteigend zuerst) " +
          "nur für das Anmelde- und Ergebnispersonal des Kreisverbands, das alle Ergebnisse sieht; sonst 400 VALIDATION.",
        example: {
          params: { eventId: 1 },
          query: { locationId: "2", search: "Flöte", instrument: "Flute", course: "D1", status: "live", createdFrom: "2026-01-01", sort: "instrument" },
        },
      },
      get: {
        summary: "Eine D-Prüfungsanmeldung lesen",
        description:
          "Für die Mitglieder des Vereins und das Anmeldepersonal des Kreisverbands; sonst 404. `camp_extension` nur für das Konto, das angemeldet hat, und das Anmeldepersonal (jeder Abruf wird protokolliert).",
        example: { params: { id: 1 } },
      },
      create: {
        summary: "Zu einer D-Prüfung anmelden",
        description:
          "Vereinsmitglieder melden für ihre Vereine bis zum Anmeldeschluss an, registration_manage für jeden Verein des Kreisverbands jederzeit. " +
          "Bei D-Prüfungen Freizeit sind `camp_extension` und die Einverständniserklärung (`file_upload`) Pflicht. " +
          "`cancelled_at` und `existing_partial_result_verified` setzt nur registration_manage.",
        required: ["event_id", "firstname", "lastname", "birthdate", "gender", "association_id", "instrument", "type", "gdpr_accepted"],
        example: {
          body: {
            event_id: 3,
            ...CAMP_EXAMPLE,
            file_upload: "data:application/pdf;base64,JVBERi0xLjQKJSVFT0YK",
            file_upload_name: "einverstaendniserklaerung.pdf",
          },
        },
      },
      // registration_manage sets cancelled_at (also back to null) and existing_partial_result_verified as sent
      put: {
        summary: "D-Prüfungsanmeldung ändern oder stornieren",
        description:
          "Ändert die Anmeldung `id` (alle Felder wie beim Anlegen; in der Bearbeitungsphase SongsOnly nur die Stücke). " +
          "Ein Vereinsmitglied storniert, indem es `cancelled_at` sendet (endgültig; die Zeit setzt der Server). " +
          "registration_manage setzt `cancelled_at` (auch zurück auf null) und `existing_partial_result_verified` wie gesendet. " +
          "Eine stornierte Anmeldung ändert nur registration_manage (sonst 409). " +
          "Ein anderes Konto des Vereins als das, das angemeldet hat, ändert die Angaben der Freizeit nicht: `camp_extension` wird nicht geprüft, die gespeicherten Angaben bleiben.",
        example: { body: { id: CREATED, ...CAMP_EXAMPLE, remarks: "Reist mit dem Zug an, Ankunft 10:30 Uhr" } },
      },
      delete: {
        summary: "D-Prüfungsanmeldung löschen",
        description:
          "registration_manage des Kreisverbands, oder der Verein in der Bearbeitungsphase NoRestrictions. Eine stornierte Anmeldung löscht nur registration_manage des Kreisverbands (Löschung auf Antrag), sonst 409.",
        // the registration the create example makes
        example: { params: { id: CREATED } },
      },
    },
  });
  r.post(
    "/v1/registration/dexam/:id/takeover",
    {
      tag: "D-Prüfungen",
      summary: "Bestandenes Teilergebnis in eine neue Anmeldung übernehmen",
      description:
        "Legt für dieselbe Person (Name, Geburtsdatum, Geschlecht, Verein, Instrument, Kurs) eine Anmeldung in `event_id` an und übernimmt den " +
        "bestandenen Teil der Anmeldung `id` als geprüfte vorhandene Teilprüfung; der Body nennt den Ort des fehlenden Teils und die Zustimmungen. " +
        "Jede Anmeldung lässt sich nur einmal übernehmen (sonst 409).",
      body: TakeoverBody,
      status: 201,
      response: DexamWire,
      idempotencyKey: true,
      // the new registration, not the one taken over
      location: "/v1/registration/dexam/:id",
      example: {
        params: { id: 5 },
        body: { event_id: 1, practice_location_id: 2, remarks: "Wiederholt die Praxisprüfung", gdpr_accepted: true, cancellation_accepted: true },
      },
    },
    async (ctx, req) => {
      const t = w.readBody(TakeoverBody, req.body ?? {});
      if (t.eventId === null) throw validationFailed({ eventId: MSG.required });
      const created = await takeOver(ctx, idParam(req), { ...t, eventId: t.eventId }, idempotencyKeyOf(req));
      return createdToWire(ctx, created);
    },
  );
  // consent forms (R-API035, R-API040), both spellings (R-API033)
  for (const seg of ["consent_form", "consent-form"]) {
    r.get(
      `/v1/export/registration/dexam/:id/${seg}`,
      {
        tag: "Exporte",
        summary: "Einverständniserklärung einer Anmeldung herunterladen",
        description:
          "Die hochgeladene Einverständniserklärung einer Freizeit-Anmeldung (auch unter …/consent_form und …/consent-form): " +
          "für das Konto, das angemeldet hat, und das Anmeldepersonal des Kreisverbands (andere Konten des Vereins: 403); ohne Datei 404. Jeder Abruf wird protokolliert.",
        file: CONSENT_FORM_TYPES,
        example: { params: { id: CREATED } },
      },
      async (ctx, req, reply) => {
        const { file } = await consentFormOf(ctx, idParam(req));
        reply.header("content-type", file.mimeType).header("content-disposition", contentDisposition(file.name)).header("cache-control", "no-store");
        return reply.send(Buffer.from(file.data));
      },
    );
  }
  for (const seg of ["consent_forms", "consent-forms"]) {
    r.get(
      `/v1/export/event/:id/${seg}`,
      {
        tag: "Exporte",
        summary: "Alle Einverständniserklärungen einer Freizeit herunterladen (ZIP)",
        description:
          "Die Einverständniserklärungen einer D-Prüfung Freizeit als eine ZIP-Datei (auch unter …/consent_forms und …/consent-forms): " +
          "registration_read/registration_manage des Kreisverbands. Andere Veranstaltungen und eine Freizeit ohne Erklärungen: 409.",
        file: ["application/zip"],
        example: { params: { id: 3 } },
      },
      async (ctx, req, reply) => {
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
      },
    );
  }
  r.get(
    "/v1/export/person",
    {
      tag: "Exporte",
      summary: "Alle Daten eines Kindes herunterladen (Auskunft, JSON)",
      description:
        "Für ein Auskunftsersuchen (DSGVO Art. 15/20) zu einem Kind ohne eigenes Konto: alle D-Prüfungsanmeldungen mit genau diesem Vor- und " +
        "Nachnamen (Groß-/Kleinschreibung egal) und Geburtsdatum in den Veranstaltungen des eigenen Kreisverbands, mit entschlüsselten " +
        "Angaben zur Freizeit, Dateinamen, Protokolleinträgen und E-Mails zu diesen Anmeldungen, maschinenlesbar zum Herunterladen " +
        '(Content-Disposition: attachment; filename="Auskunft_<Name>_<Datum>.json"). Lesbar als .xlsx: …/person/xlsx. ' +
        "registration_manage (Administrator: alle Kreisverbände).",
      query: PersonQuery,
      response: PersonExportWire,
      example: { query: { firstname: "Clara", lastname: "Klarinette", birthdate: "2011-04-12" } },
    },
    async (ctx, req, reply) => {
      const data = await personData(ctx, w.readQuery(PersonQuery, req.query), "childExport");
      reply.header("content-disposition", contentDisposition(`${personFileName(data)}.json`)).header("cache-control", "no-store");
      return JSON.parse(JSON.stringify(data));
    },
  );
  r.get(
    "/v1/export/person/xlsx",
    {
      tag: "Exporte",
      summary: "Alle Daten eines Kindes herunterladen (Auskunft, Excel)",
      description:
        "Dieselben Daten wie GET /v1/export/person, lesbar als Excel-Datei: ein Blatt „Daten“ mit einer Zeile je Feld, Protokolleintrag und E-Mail, " +
        "ein Blatt „Angaben“ mit der Person und den Anzahlen. registration_manage (Administrator: alle Kreisverbände).",
      query: PersonQuery,
      file: [XLSX_MIME],
      example: { query: { firstname: "Clara", lastname: "Klarinette", birthdate: "2011-04-12" } },
    },
    async (ctx, req, reply) => {
      const data = await personData(ctx, w.readQuery(PersonQuery, req.query), "childExportXlsx");
      const bytes = await personWorkbook(data);
      reply
        .header("content-type", XLSX_MIME)
        .header("content-disposition", contentDisposition(`${personFileName(data)}.xlsx`))
        .header("cache-control", "no-store");
      return reply.send(bytes);
    },
  );
}

const personFileName = (data: { person: { firstname: string; lastname: string }; exportedAt: string }) =>
  `Auskunft_${fileNamePart(data.person.lastname)}_${fileNamePart(data.person.firstname)}_${data.exportedAt.slice(0, 10)}`;

const PersonExportWire = z.object({
  exportedAt: z.iso.datetime(),
  person: z.object({ firstname: z.string(), lastname: z.string(), birthdate: z.string() }),
  dexamRegistrations: z
    .array(z.looseObject({ id: z.int(), event: z.looseObject({ id: z.int(), name: z.string() }), campData: z.unknown() }))
    .meta({ description: "Jede gefundene Anmeldung mit allen gespeicherten Feldern, entschlüsselten Angaben zur Freizeit und Dateien (Name, Größe)" }),
  auditEntries: z
    .array(z.looseObject({ id: z.int(), action: z.string(), entityId: z.int().nullable() }))
    .meta({ description: "Die Protokolleinträge dieser Anmeldungen" }),
  mails: z
    .array(z.looseObject({ id: z.int(), kind: z.string() }))
    .meta({ description: "Die E-Mails zu diesen Anmeldungen (versandt oder in der Warteschlange)" }),
});

const PersonQuery = w.query({
  firstname: w.queryText().meta({ description: "Vorname (Groß-/Kleinschreibung egal)" }),
  lastname: w.queryText().meta({ description: "Nachname (Groß-/Kleinschreibung egal)" }),
  birthdate: w.queryText().meta({ description: "Geburtsdatum JJJJ-MM-TT" }),
});
