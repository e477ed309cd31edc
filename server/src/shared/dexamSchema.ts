// The D-exam registration input, defined once: its field rules (required,
// lengths from TEXT_LIMITS, the birthdate, enums, partial result, songs, camp section) and the
// cross-field rules that need the event (location x course x instrument, consents, camp), with the
// German messages of the one catalogue (messages.ts). The server's validateDexam (GraphQL and /v1
// through the service) and the client's form (via '@shared') both validate with dexamSchema.
// Error paths are the service's field names ("partialResult.points", "songs.2.name",
// "camp.emergencyContacts.0.phone"); dexamErrors turns a result into field -> message.
import { z } from "zod";
import { parseDecimal } from "./decimal.ts";
import { addIssues, blank, fieldErrors, flag, id, keys, list, numberOrText, oneOf, text } from "./inputSchema.ts";
import { DEXAM_TYPE_LABELS, EXAM_PART_LABELS, GENDER_LABELS, INSTRUMENT_LABELS, MEAL_REQUEST_LABELS, VACCINATION_LABELS } from "./labels.ts";
import { DEXAM_MSG, MSG, WIRE_MSG } from "./messages.ts";
import { birthdateError, emergencyPhone, required, TEXT_LIMITS } from "./validation.ts";

/** The exam pieces: four rows (R-VA026). */
export const SONG_ROWS = 4;
/** not from the spec: the most emergency contacts of a camp registration (the form adds rows one by one) */
export const MAX_EMERGENCY_CONTACTS = 10;
/** at most as many as there are vaccinations */
export const MAX_VACCINATIONS = keys(VACCINATION_LABELS).length;

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

const L = TEXT_LIMITS;

const partialResult = z
  .object({
    type: oneOf(EXAM_PART_LABELS),
    districtAssociation: text(L.DexamRegistration.partialResultDistrict),
    year: numberOrText(WIRE_MSG.text),
    location: text(L.DexamRegistration.partialResultLocation),
    points: numberOrText(WIRE_MSG.number),
  })
  .nullish();

const song = z
  .object({ number: text(L.dexamSong.number), name: text(L.dexamSong.name) })
  // a name is required once a number is given (R-VA026)
  .superRefine((s, ctx) => void (!blank(s.number) && blank(s.name) && ctx.addIssue({ code: "custom", path: ["name"], message: MSG.required })));

const camp = z
  .object({
    diseases: text(L.camp.diseases),
    intolerances: text(L.camp.intolerances),
    allergies: text(L.camp.allergies),
    mealRequest: oneOf(MEAL_REQUEST_LABELS),
    vaccinations: list(z.object({ type: z.enum(keys(VACCINATION_LABELS), { error: WIRE_MSG.value }), available: flag, date: text() }), MAX_VACCINATIONS),
    emergencyContacts: list(z.object({ name: text(L.emergencyContact.name), phone: text(L.emergencyContact.phone) }), MAX_EMERGENCY_CONTACTS),
  })
  .nullish();

/** The fields of a D-exam registration and the rules each holds alone (an absent field is checked by none of them: required is a cross-field rule). */
const fields = (now: Date) =>
  z.looseObject({
    firstname: text(L.DexamRegistration.firstname),
    lastname: text(L.DexamRegistration.lastname),
    birthdate: text().superRefine((v, ctx) => {
      const message = v ? birthdateError(v, now) : null;
      if (message) ctx.addIssue({ code: "custom", message });
    }),
    gender: oneOf(GENDER_LABELS),
    associationId: id,
    instrument: oneOf(INSTRUMENT_LABELS),
    type: oneOf(DEXAM_TYPE_LABELS),
    theoryLocationId: id,
    practiceLocationId: id,
    preparationLocationId: id,
    partialResult,
    // at most four pieces: a field rule, so every other error still shows
    songs: list(song, SONG_ROWS, DEXAM_MSG.tooManySongs),
    remarks: text(L.DexamRegistration.remarks),
    gdprAccepted: flag,
    cancellationAccepted: flag,
    healthConsentAccepted: flag,
    camp,
  });

/** What the cross-field rules need of the event; location ids compare with the input's (numbers on the server, global ids in the form). */
export type DexamEventFacts = {
  formType: string;
  cancellationConditions?: string | null;
  locations: readonly { id: number | string; type: string; dexamTypes: readonly string[]; instruments: readonly string[] }[];
};
export type DexamMode = "create" | "edit";

const LOCATION_FIELDS = { theoryLocationId: "DEXAM_THEORY", practiceLocationId: "DEXAM_PRACTICE", preparationLocationId: "DEXAM_PREPARATION" } as const;

type Fields = z.output<ReturnType<typeof fields>>;

/** The rules that need more than one field or the event; field -> message, later rules override earlier ones. */
function crossFieldErrors(v: Fields, event: DexamEventFacts, mode: DexamMode, now: Date): Record<string, string> {
  const e: Record<string, string> = {};
  // personal data, club, instrument and course are all required (decision R-DF002)
  for (const f of ["firstname", "lastname", "birthdate", "gender", "associationId", "instrument", "type"] as const)
    if (required(v[f]) !== null) e[f] = MSG.required;

  // locations: of this event, of the right kind, offering the course; practice also the instrument (R-VA023)
  for (const [field, kind] of Object.entries(LOCATION_FIELDS) as [keyof typeof LOCATION_FIELDS, string][]) {
    const chosen = v[field];
    if (chosen == null || chosen === "") continue;
    const l = event.locations.find((x) => x.id === chosen);
    if (!l || l.type !== kind) e[field] = DEXAM_MSG.locationForeign;
    else if (v.type && !l.dexamTypes.includes(v.type)) e[field] = DEXAM_MSG.locationCourse;
    else if (kind === "DEXAM_PRACTICE" && v.instrument && !l.instruments.includes(v.instrument)) e[field] = DEXAM_MSG.locationInstrument;
  }
  // at least a theory or a practice exam (decision R-DF013); the message sits at the choice still open
  const pr = v.partialResult;
  if (blank(v.theoryLocationId) && blank(v.practiceLocationId)) e[pr?.type === "THEORY" ? "practiceLocationId" : "theoryLocationId"] ??= DEXAM_MSG.noPart;

  // "Vorhandene Teilprüfung" (R-VA027..R-VA029): all fields once a type is chosen; never the same part again
  if (pr?.type) {
    if (blank(pr.districtAssociation)) e["partialResult.districtAssociation"] = MSG.required;
    if (blank(pr.location)) e["partialResult.location"] = MSG.required;
    const year = pr.year == null ? "" : String(pr.year).trim();
    if (!year) e["partialResult.year"] = MSG.required;
    else if (!/^\d{4}$/.test(year) || Number(year) > now.getFullYear()) e["partialResult.year"] = DEXAM_MSG.year;
    // a form sends the text as typed: read by the one decimal parser ("2,5" and "2.5" alike)
    const parsed = typeof pr.points === "string" ? parseDecimal(pr.points) : null;
    const points = parsed ? (parsed.ok ? parsed.value : Number.NaN) : Number(pr.points);
    if (blank(pr.points) || (typeof pr.points === "number" && Number.isNaN(pr.points))) e["partialResult.points"] = MSG.required;
    else if (parsed && !parsed.ok && parsed.error === MSG.decimalSeparator) e["partialResult.points"] = parsed.error;
    else if (Number.isNaN(points) || points < 0 || points > 100 || !twoDecimals(points)) e["partialResult.points"] = DEXAM_MSG.points;
    if (pr.type === "THEORY" && !blank(v.theoryLocationId)) e.theoryLocationId = DEXAM_MSG.theoryPassed;
    if (pr.type === "PRACTICE" && !blank(v.practiceLocationId)) e.practiceLocationId = DEXAM_MSG.practicePassed;
  }

  // consents in create mode (R-VA024, R-VA025)
  if (mode === "create") {
    if (!v.gdprAccepted) e.gdprAccepted = MSG.required;
    if (event.cancellationConditions && !v.cancellationAccepted) e.cancellationAccepted = MSG.required;
  }

  // the camp section (R-VA030..R-VA034); camp data for another event is refused, not dropped
  if (event.formType !== "DEXAM_CAMP" && v.camp != null) e.camp = DEXAM_MSG.campOnly;
  if (event.formType !== "DEXAM_CAMP" && v.healthConsentAccepted) e.healthConsentAccepted = DEXAM_MSG.healthConsentCampOnly;
  // camps hold health data: its own explicit consent (Art. 9(2)(a) GDPR) beside the privacy notice, in create mode
  if (event.formType === "DEXAM_CAMP" && mode === "create" && !v.healthConsentAccepted) e.healthConsentAccepted = DEXAM_MSG.healthConsent;
  if (event.formType === "DEXAM_CAMP") {
    const c = v.camp ?? {};
    if (!c.mealRequest) e["camp.mealRequest"] = MSG.required;
    (c.vaccinations ?? []).forEach((x, i) => {
      if (x.available && !x.date) e[`camp.vaccinations.${i}.date`] = MSG.required;
      if (!x.available && x.date) e[`camp.vaccinations.${i}.date`] = DEXAM_MSG.vaccinationDate;
    });
    const contacts = c.emergencyContacts ?? [];
    if (contacts.length === 0) e["camp.emergencyContacts"] = MSG.required;
    contacts.forEach((k, i) => {
      if (required(k.name) !== null) e[`camp.emergencyContacts.${i}.name`] = MSG.required;
      const phone = required(k.phone) ?? emergencyPhone(k.phone);
      if (phone) e[`camp.emergencyContacts.${i}.phone`] = phone;
    });
  }
  return e;
}

/**
 * The schema of a D-exam registration for one event, mode and time: the field rules, then the
 * cross-field rules (superRefine). `event.locations` are the event's locations.
 */
export function dexamSchema(event: DexamEventFacts, mode: DexamMode, now: Date) {
  return fields(now).superRefine((v, ctx) => {
    addIssues(ctx, crossFieldErrors(v, event, mode, now));
  });
}

/** The input dexamSchema reads (the service's DexamInput and the form's adapter both fit it). */
export type DexamSchemaInput = z.input<ReturnType<typeof dexamSchema>>;

/** Everything wrong with a D-exam registration, as field -> German message. */
export const dexamErrors = (input: unknown, event: DexamEventFacts, mode: DexamMode, now: Date) =>
  fieldErrors(dexamSchema(event, mode, now).safeParse(input).error);
