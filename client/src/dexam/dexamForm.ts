import { formatDecimal, parseDecimal } from "@shared/decimal";
import { type DexamSchemaInput, dexamErrors, SONG_ROWS } from "@shared/dexamSchema";
import type { DEXAM_TYPE_LABELS, EXAM_PART_LABELS, GENDER_LABELS, INSTRUMENT_LABELS, MEAL_REQUEST_LABELS } from "@shared/labels";
import { DEXAM_MSG } from "@shared/messages";
import { file, UPLOAD_EXTENSIONS } from "@shared/validation";
import { fromDateTimeLocal, toDateTimeLocal } from "../events/eventDates";
import { type FieldErrors, optionalText } from "../forms/fieldErrors";
import { type EditScope, preselectedClub, type RegistrationMode, setPath } from "../registration/formValues";

/**
 * The D-exam registration form (spec §2 "D-exam registration form sections", §4 "Form
 * dependencies", §5 "D-exam registration"): values, the dependencies between fields, the checks
 * (the one D-exam schema '@shared/dexamSchema' the server validates with as well), which locations are offered, and the GraphQL input.
 * Error keys are the server's field paths ("partialResult.points", "songs.2.name",
 * "camp.emergencyContacts.0.phone"), so server and client messages land at the same field.
 */

export type DexamMode = RegistrationMode;
// shared with the competition form (client/src/registration); re-exported for the D-exam's callers and tests
export { choosesDistrictClubs, clubOptions, errorsAfterChange, formErrorsOf, setPath } from "../registration/formValues";
/** What the viewer may change (DexamRegistration.viewerCan.edit): everything, the exam pieces, or nothing. */
export type { EditScope };

export { SONG_ROWS };
export const VACCINATION_TYPES = ["FSME", "TETANUS"] as const;

/** The three location choices and the location type each offers (R-DF006..R-DF008). */
export const LOCATION_FIELDS = {
  theoryLocationId: "DEXAM_THEORY",
  practiceLocationId: "DEXAM_PRACTICE",
  preparationLocationId: "DEXAM_PREPARATION",
} as const;
export type LocationField = keyof typeof LOCATION_FIELDS;

/** A location of the event as the form needs it (id: the global id the write takes). */
export interface LocationFacts {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly dexamTypes: readonly string[];
  readonly instruments: readonly string[];
}

/** The event facts the form depends on. */
export interface EventFacts {
  readonly formType: string;
  readonly cancellationConditions?: string | null;
  readonly locations: readonly LocationFacts[];
}

/** A chosen document: read in the browser as data URL (FileUploadField). */
export interface UploadValue {
  name: string;
  size: number;
  dataUrl: string;
}

export type SongValues = { number: string; name: string };
export type VaccinationValues = { type: (typeof VACCINATION_TYPES)[number]; available: boolean; date: string };
export type ContactValues = { name: string; phone: string };

export type DexamFormValues = {
  firstname: string;
  lastname: string;
  /** yyyy-mm-dd (date input) */
  birthdate: string;
  /** M, F, D or "" */
  gender: string;
  /** the club's global id, "" for none (sent as `association`) */
  associationId: string;
  instrument: string;
  /** the course D1, D2, D3 */
  type: string;
  /** the locations' global ids, "" for none (sent as `theoryLocation`, ...) */
  theoryLocationId: string;
  practiceLocationId: string;
  preparationLocationId: string;
  partialResult: { type: string; districtAssociation: string; year: string; location: string; points: string };
  songs: SongValues[];
  remarks: string;
  gdprAccepted: boolean;
  cancellationAccepted: boolean;
  /** camps, create mode: the explicit consent to the processing of health data */
  healthConsentAccepted: boolean;
  camp: {
    diseases: string;
    intolerances: string;
    allergies: string;
    mealRequest: string;
    vaccinations: VaccinationValues[];
    emergencyContacts: ContactValues[];
  };
  consentForm: UploadValue | null;
  /** registration_manage: datetime-local (Berlin), "" for not cancelled */
  cancelledAt: string;
  existingPartialResultVerified: boolean;
};

const EMPTY_PARTIAL = { type: "", districtAssociation: "", year: "", location: "", points: "" };
const emptySongs = (): SongValues[] => Array.from({ length: SONG_ROWS }, () => ({ number: "", name: "" }));
const emptyVaccinations = (): VaccinationValues[] => VACCINATION_TYPES.map((type) => ({ type, available: false, date: "" }));
export const EMPTY_CONTACT: ContactValues = { name: "", phone: "" };

/** A new registration: everything empty, one emergency-contact row; a single own club is preselected. */
export function emptyDexamForm(clubIds: readonly string[] = []): DexamFormValues {
  return {
    firstname: "",
    lastname: "",
    birthdate: "",
    gender: "",
    associationId: preselectedClub(clubIds),
    instrument: "",
    type: "",
    theoryLocationId: "",
    practiceLocationId: "",
    preparationLocationId: "",
    partialResult: { ...EMPTY_PARTIAL },
    songs: emptySongs(),
    remarks: "",
    gdprAccepted: false,
    cancellationAccepted: false,
    healthConsentAccepted: false,
    camp: { diseases: "", intolerances: "", allergies: "", mealRequest: "", vaccinations: emptyVaccinations(), emergencyContacts: [{ ...EMPTY_CONTACT }] },
    consentForm: null,
    cancelledAt: "",
    existingPartialResultVerified: false,
  };
}

/** A stored registration as the edit dialog loads it (GraphQL DexamRegistration). */
export interface DexamRecord {
  readonly firstname: string;
  readonly lastname: string;
  readonly birthdate: string;
  readonly gender: string;
  readonly association: { readonly id: string };
  readonly instrument: string;
  readonly type: string;
  readonly theoryLocation?: { readonly id: string } | null;
  readonly practiceLocation?: { readonly id: string } | null;
  readonly preparationLocation?: { readonly id: string } | null;
  readonly partialResultType?: string | null;
  readonly partialResultDistrict?: string | null;
  readonly partialResultYear?: number | null;
  readonly partialResultLocation?: string | null;
  readonly partialResultPoints?: number | null;
  readonly songs: readonly { readonly number?: string | null; readonly name?: string | null }[];
  readonly remarks?: string | null;
  readonly camp?: {
    readonly diseases?: string | null;
    readonly intolerances?: string | null;
    readonly allergies?: string | null;
    readonly mealRequest?: string | null;
    readonly vaccinations: readonly { readonly type: string; readonly available: boolean; readonly date?: string | null }[];
    readonly emergencyContacts: readonly { readonly name?: string | null; readonly phone?: string | null }[];
  } | null;
  readonly cancelledAt?: string | null;
  readonly existingPartialResultVerified: boolean;
}

const idText = (l: { readonly id: string } | null | undefined) => l?.id ?? "";

/** The form values of a stored registration (edit mode). */
export function dexamFormValues(r: DexamRecord): DexamFormValues {
  const empty = emptyDexamForm();
  const camp = r.camp;
  const contacts = (camp?.emergencyContacts ?? []).map((c) => ({ name: c.name ?? "", phone: c.phone ?? "" }));
  return {
    ...empty,
    firstname: r.firstname,
    lastname: r.lastname,
    birthdate: r.birthdate,
    gender: r.gender,
    associationId: r.association.id,
    instrument: r.instrument,
    type: r.type,
    theoryLocationId: idText(r.theoryLocation),
    practiceLocationId: idText(r.practiceLocation),
    preparationLocationId: idText(r.preparationLocation),
    partialResult: r.partialResultType
      ? {
          type: r.partialResultType,
          districtAssociation: r.partialResultDistrict ?? "",
          year: r.partialResultYear == null ? "" : String(r.partialResultYear),
          location: r.partialResultLocation ?? "",
          points: formatDecimal(r.partialResultPoints),
        }
      : { ...EMPTY_PARTIAL },
    songs: empty.songs.map((row, i) => ({ number: r.songs[i]?.number ?? row.number, name: r.songs[i]?.name ?? row.name })),
    remarks: r.remarks ?? "",
    camp: {
      diseases: camp?.diseases ?? "",
      intolerances: camp?.intolerances ?? "",
      allergies: camp?.allergies ?? "",
      mealRequest: camp?.mealRequest ?? "",
      vaccinations: empty.camp.vaccinations.map((v) => {
        const stored = camp?.vaccinations.find((s) => s.type === v.type);
        return stored ? { type: v.type, available: stored.available, date: stored.date ?? "" } : v;
      }),
      emergencyContacts: contacts.length > 0 ? contacts : [{ ...EMPTY_CONTACT }],
    },
    cancelledAt: toDateTimeLocal(r.cancelledAt),
    existingPartialResultVerified: r.existingPartialResultVerified,
  };
}

// ---- dependencies between fields (spec §4 "Form dependencies")

type Leaf = string | boolean | null;

/** Changing the course clears all three location choices (R-DF011). */
export function changeCourse(values: DexamFormValues, type: string): DexamFormValues {
  if (type === values.type) return values;
  return { ...values, type, theoryLocationId: "", practiceLocationId: "", preparationLocationId: "" };
}

/** Changing the instrument clears the practice location choice (R-DF012). */
export function changeInstrument(values: DexamFormValues, instrument: string): DexamFormValues {
  if (instrument === values.instrument) return values;
  return { ...values, instrument, practiceLocationId: "" };
}

/** The location choice of the same exam part as a partial-result type (decision R-DF017). */
export function matchingLocationField(partialType: string): LocationField | null {
  if (partialType === "THEORY") return "theoryLocationId";
  if (partialType === "PRACTICE") return "practiceLocationId";
  return null;
}

/**
 * The partial-result type (R-DF015..R-DF017): clearing it clears the other partial-result fields
 * and the location choice of the same part; choosing a part clears that part's location, since it
 * is already passed and cannot be booked again.
 */
export function changePartialType(values: DexamFormValues, type: string): DexamFormValues {
  const before = matchingLocationField(values.partialResult.type);
  const after = matchingLocationField(type);
  if (!type) {
    const next = { ...values, partialResult: { ...EMPTY_PARTIAL } };
    return before ? { ...next, [before]: "" } : next;
  }
  const next = { ...values, partialResult: { ...values.partialResult, type } };
  return after ? { ...next, [after]: "" } : next;
}

/** A vaccination not marked available has no date (R-VA031). */
export function changeVaccinationAvailable(values: DexamFormValues, index: number, available: boolean): DexamFormValues {
  const next = setPath(values, `camp.vaccinations.${index}.available`, available);
  return available ? next : setPath(next, `camp.vaccinations.${index}.date`, "");
}

export function addEmergencyContact(values: DexamFormValues): DexamFormValues {
  return { ...values, camp: { ...values.camp, emergencyContacts: [...values.camp.emergencyContacts, { ...EMPTY_CONTACT }] } };
}

/** Removes a contact row; the last remaining row stays (at least one contact, R-VA034). */
export function removeEmergencyContact(values: DexamFormValues, index: number): DexamFormValues {
  const contacts = values.camp.emergencyContacts;
  if (contacts.length <= 1) return values;
  return { ...values, camp: { ...values.camp, emergencyContacts: contacts.filter((_, i) => i !== index) } };
}

/** One change of a field with its dependencies. */
export function applyChange(values: DexamFormValues, path: string, value: Leaf | UploadValue): DexamFormValues {
  if (path === "type") return changeCourse(values, String(value ?? ""));
  if (path === "instrument") return changeInstrument(values, String(value ?? ""));
  if (path === "partialResult.type") return changePartialType(values, String(value ?? ""));
  const vaccination = /^camp\.vaccinations\.(\d+)\.available$/.exec(path);
  if (vaccination) return changeVaccinationAvailable(values, Number(vaccination[1]), Boolean(value));
  return setPath(values, path, value);
}

// ---- which locations are offered (R-DF006..R-DF010)

/** What decides the offer of one location choice. */
export interface LocationChoice {
  /** the course */
  type: string;
  instrument: string;
  /** the partial-result type */
  partialType: string;
  /** the current choice of this field ("" for none) */
  current: string;
}

export function locationChoice(field: LocationField, values: DexamFormValues): LocationChoice {
  return { type: values.type, instrument: values.instrument, partialType: values.partialResult.type, current: values[field] };
}

/**
 * Why a location choice cannot be made yet: "course" (theory and preparation need the course),
 * "instrument" (practice needs course and instrument), "passed" (the part is the existing partial
 * result), or null.
 */
export function locationBlocked(field: LocationField, choice: LocationChoice): "course" | "instrument" | "passed" | null {
  if (matchingLocationField(choice.partialType) === field) return "passed";
  if (field === "practiceLocationId" && !choice.instrument) return "instrument";
  if (!choice.type) return "course";
  return null;
}

/**
 * The event's locations of the field's type that offer the chosen course (R-DF009) and, for
 * practice, the chosen instrument (R-DF010); none while the choice is blocked. A stored choice
 * that no longer fits stays in the list, so it shows (and its error says why).
 */
export function offeredLocations(field: LocationField, choice: LocationChoice, event: EventFacts): LocationFacts[] {
  const ofType = event.locations.filter((l) => l.type === LOCATION_FIELDS[field]);
  const keep = (l: LocationFacts) => l.id === choice.current;
  if (locationBlocked(field, choice)) return ofType.filter(keep);
  return ofType.filter((l) => keep(l) || (l.dexamTypes.includes(choice.type) && (field !== "practiceLocationId" || l.instruments.includes(choice.instrument))));
}

// ---- sections shown

/** The camp section appears only for D-exam camp events (R-DF018). */
export const isCamp = (event: Pick<EventFacts, "formType">) => event.formType === "DEXAM_CAMP";

/** The exam pieces are shown only when a practice exam is booked (R-DF030). */
export const showsSongs = (values: Pick<DexamFormValues, "practiceLocationId">) => values.practiceLocationId !== "";

/**
 * Whether the viewer of a stored registration reads its camp data: "read" (the account that
 * registered, registration staff), "withheld" (another account of the club: only the notice
 * "Angaben zur Freizeit vorhanden"), "none" (another account, and there are none: nothing shown).
 * The server keeps the stored camp data on such a viewer's save.
 */
export type CampAccess = "read" | "withheld" | "none";
export const campAccessOf = (r: { readonly campDataWithheld: boolean; readonly viewerCan: { readonly readCampData: boolean } }): CampAccess =>
  r.viewerCan.readCampData ? "read" : r.campDataWithheld ? "withheld" : "none";

/** Leaves out the camp fields' messages for a viewer who does not read the camp data (the server does not check them either). */
export const withoutCampErrors = (errors: FieldErrors, access: CampAccess): FieldErrors =>
  access === "read" ? errors : Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith("camp")));

// ---- checks (spec §5): the one D-exam schema (@shared/dexamSchema), fed from the form values

export interface CheckContext {
  mode: DexamMode;
  event: EventFacts;
  /** edit: what the viewer may change; SONGS checks only the pieces, NONE nothing */
  scope?: EditScope;
  now?: Date;
}

const orNull = (v: string) => (v === "" ? null : v);

/** The form values as the schema reads them: "" is no choice; pieces only when shown, camp data only for camps. */
function schemaInput(values: DexamFormValues, event: EventFacts): DexamSchemaInput {
  const pr = values.partialResult;
  const c = values.camp;
  return {
    firstname: values.firstname,
    lastname: values.lastname,
    birthdate: values.birthdate,
    gender: orNull(values.gender) as DexamSchemaInput["gender"],
    associationId: orNull(values.associationId),
    instrument: orNull(values.instrument) as DexamSchemaInput["instrument"],
    type: orNull(values.type) as DexamSchemaInput["type"],
    theoryLocationId: orNull(values.theoryLocationId),
    practiceLocationId: orNull(values.practiceLocationId),
    preparationLocationId: orNull(values.preparationLocationId),
    partialResult: pr.type ? { ...pr, type: pr.type as ExamPart } : null,
    songs: showsSongs(values) ? values.songs : [],
    remarks: values.remarks,
    gdprAccepted: values.gdprAccepted,
    cancellationAccepted: values.cancellationAccepted,
    healthConsentAccepted: isCamp(event) && values.healthConsentAccepted,
    camp: isCamp(event) ? { ...c, mealRequest: orNull(c.mealRequest) as MealRequest | null } : null,
  };
}

/** Field path -> German message for everything wrong; empty when the form may be sent. */
export function validateDexamForm(values: DexamFormValues, context: CheckContext): FieldErrors {
  const { mode, event, scope = "ALL", now = new Date() } = context;
  if (scope === "NONE") return {};
  const e = dexamErrors(schemaInput(values, event), event, mode, now);
  // the songs-only phase: only the pieces count (as on the server)
  if (scope === "SONGS") return Object.fromEntries(Object.entries(e).filter(([k]) => k.startsWith("songs")));
  // the parent-signed consent form: required in create mode (decision R-VA035), shared file rule
  if (isCamp(event) && mode === "create") {
    const message = file(values.consentForm, UPLOAD_EXTENSIONS);
    if (message) e.consentForm = message;
  }
  if (values.cancelledAt && !fromDateTimeLocal(values.cancelledAt)) e.cancelledAt = DEXAM_MSG.date;
  return e;
}

// ---- the GraphQL input (DexamRegistrationInput): the club, the locations and the date of birth
// in the shape the reads return them (global ids, Date); its field messages come back
// under these names (formErrorsOf in registration/formValues.ts)

export type Gender = keyof typeof GENDER_LABELS;
export type ExamPart = keyof typeof EXAM_PART_LABELS;
export type MealRequest = keyof typeof MEAL_REQUEST_LABELS;
export type Instrument = keyof typeof INSTRUMENT_LABELS;
export type Course = keyof typeof DEXAM_TYPE_LABELS;

export interface DexamInput {
  firstname: string;
  lastname: string;
  /** yyyy-mm-dd (Date) */
  dateOfBirth: string | null;
  gender: Gender;
  /** global ids */
  association: string | null;
  instrument: Instrument;
  type: Course;
  theoryLocation: string | null;
  practiceLocation: string | null;
  preparationLocation: string | null;
  partialResult: { type: ExamPart; districtAssociation: string; year: number | null; location: string; points: number | null } | null;
  songs: { number: string | null; name: string | null }[];
  remarks: string | null;
  gdprAccepted?: boolean;
  cancellationAccepted?: boolean;
  healthConsentAccepted?: boolean;
  camp: {
    diseases: string | null;
    intolerances: string | null;
    allergies: string | null;
    mealRequest: MealRequest | null;
    vaccinations: { type: VaccinationValues["type"]; available: boolean; date: string | null }[];
    emergencyContacts: { name: string; phone: string }[];
  } | null;
  consentForm?: { name: string; dataUrl: string };
  cancelledAt?: string | null;
  existingPartialResultVerified?: boolean;
}

export interface InputContext {
  mode: DexamMode;
  event: Pick<EventFacts, "formType">;
  /** registration_manage (viewerCan.manage): sends cancelledAt and existingPartialResultVerified */
  manage?: boolean;
  /** edit: a viewer who does not read the camp data sends none (the server keeps the stored ones) */
  campAccess?: CampAccess;
}

const idOrNull = (v: string) => v || null;
const numberOrNull = (v: string) => (v.trim() === "" || Number.isNaN(Number(v)) ? null : Number(v));
/** a decimal field's text ("2,5" or "2.5", shared/decimal.ts) as its number; null when empty or unreadable */
const decimalOrNull = (v: string) => {
  const parsed = parseDecimal(v);
  return parsed.ok ? parsed.value : null;
};

/**
 * The values as DexamRegistrationInput: pieces only with a practice exam (else four empty rows are
 * stored), camp data only for camp events, consents and the consent form only when creating, the
 * registration_manage fields only for registration_manage.
 */
export function dexamInput(values: DexamFormValues, context: InputContext): DexamInput {
  const pr = values.partialResult;
  const camp = isCamp(context.event) && (context.campAccess ?? "read") === "read";
  const input: DexamInput = {
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    dateOfBirth: values.birthdate || null,
    gender: values.gender as Gender,
    association: idOrNull(values.associationId),
    instrument: values.instrument as Instrument,
    type: values.type as Course,
    theoryLocation: idOrNull(values.theoryLocationId),
    practiceLocation: idOrNull(values.practiceLocationId),
    preparationLocation: idOrNull(values.preparationLocationId),
    partialResult: pr.type
      ? {
          type: pr.type as ExamPart,
          districtAssociation: pr.districtAssociation.trim(),
          year: numberOrNull(pr.year),
          location: pr.location.trim(),
          points: decimalOrNull(pr.points),
        }
      : null,
    songs: showsSongs(values) ? values.songs.map((s) => ({ number: optionalText(s.number), name: optionalText(s.name) })) : [],
    remarks: optionalText(values.remarks),
    camp: camp
      ? {
          diseases: optionalText(values.camp.diseases),
          intolerances: optionalText(values.camp.intolerances),
          allergies: optionalText(values.camp.allergies),
          mealRequest: (values.camp.mealRequest || null) as MealRequest | null,
          vaccinations: values.camp.vaccinations.map((v) => ({ type: v.type, available: v.available, date: v.available ? v.date || null : null })),
          emergencyContacts: values.camp.emergencyContacts.map((k) => ({ name: k.name.trim(), phone: k.phone.trim() })),
        }
      : null,
  };
  if (context.mode === "create") {
    input.gdprAccepted = values.gdprAccepted;
    input.cancellationAccepted = values.cancellationAccepted;
    if (camp) input.healthConsentAccepted = values.healthConsentAccepted;
    if (camp && values.consentForm) input.consentForm = { name: values.consentForm.name, dataUrl: values.consentForm.dataUrl };
  }
  if (context.manage) {
    input.cancelledAt = fromDateTimeLocal(values.cancelledAt);
    input.existingPartialResultVerified = values.existingPartialResultVerified;
  }
  return input;
}
