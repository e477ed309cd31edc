import type { DexamType, EditPhase, ExamPart, Gender, Instrument, LocationType, MealRequest, VaccinationType } from "../../generated/prisma/client.ts";
import { dexamErrors, SONG_ROWS } from "../../shared/dexamSchema.ts";
import { ERASE_MSG } from "../../shared/messages.ts";
import { required } from "../../shared/validation.ts";
import { baseRowActions } from "../registrations/rules.ts";

export { type Actor, canCancel, canDelete, editableInPhase } from "../registrations/rules.ts";

// D-exam pass rule (spec section 4): passed with practice points >= 36 and theory points >= 24.
// A verified earlier partial result of one part counts for that part.
export const PRACTICE_PASS_POINTS = 36;
export const THEORY_PASS_POINTS = 24;

export type ResultInput = {
  theoryPoints: number | null;
  practicePoints: number | null;
  partialResultType: "THEORY" | "PRACTICE" | null;
  existingPartialResultVerified: boolean;
};

export type Outcome = "passed" | "failed" | "open";

/** One exam part's points: passed (true), failed (false) or not yet examined (null). */
export function partPassed(part: "THEORY" | "PRACTICE", points: number | null): boolean | null {
  return points === null ? null : points >= (part === "THEORY" ? THEORY_PASS_POINTS : PRACTICE_PASS_POINTS);
}

export function examOutcome(r: ResultInput): Outcome {
  const partial = r.existingPartialResultVerified ? r.partialResultType : null;
  const theory = partial === "THEORY" ? true : partPassed("THEORY", r.theoryPoints);
  const practice = partial === "PRACTICE" ? true : partPassed("PRACTICE", r.practicePoints);
  if (theory === false || practice === false) return "failed";
  if (theory && practice) return "passed";
  return "open";
}

// ---- registration input rules (spec sections 4 and 5); the service adds what needs the database

export type DexamSong = { number?: string | null; name?: string | null };
export type Vaccination = { type: VaccinationType; available: boolean; date?: string | null };
export type EmergencyContact = { name?: string | null; phone?: string | null };
export type CampData = {
  diseases?: string | null;
  intolerances?: string | null;
  allergies?: string | null;
  mealRequest?: MealRequest | null;
  vaccinations?: Vaccination[];
  emergencyContacts?: EmergencyContact[];
};

export type DexamInput = {
  firstname?: string | null;
  lastname?: string | null;
  birthdate?: string | null;
  gender?: Gender | null;
  associationId?: number | null;
  instrument?: Instrument | null;
  type?: DexamType | null;
  theoryLocationId?: number | null;
  practiceLocationId?: number | null;
  preparationLocationId?: number | null;
  partialResult?: {
    type?: ExamPart | null;
    districtAssociation?: string | null;
    year?: number | string | null;
    location?: string | null;
    points?: number | null;
  } | null;
  songs?: DexamSong[];
  remarks?: string | null;
  gdprAccepted?: boolean;
  cancellationAccepted?: boolean;
  /** camps, create mode: the explicit consent to the processing of health data (Art. 9(2)(a) GDPR) */
  healthConsentAccepted?: boolean;
  camp?: CampData | null;
  /** the parent-signed consent form (camp events, create mode only) */
  consentForm?: { name?: string | null; dataUrl?: string | null } | null;
  /** registration_manage only (R-RO034); undefined leaves the value unchanged */
  cancelledAt?: Date | null;
  existingPartialResultVerified?: boolean | null;
  /** the version the edit was based on (optimistic concurrency); omitted: no check */
  version?: number | null;
};

export type EventFacts = { formType: "DEXAM" | "DEXAM_CAMP" | "COMPETITION"; cancellationConditions: string | null };
export type LocationFacts = { id: number; type: LocationType; dexamTypes: DexamType[]; instruments: Instrument[] };

/** Field name -> German message for everything wrong with a D-exam registration (the one schema: shared/dexamSchema.ts). */
export function validateDexam(input: DexamInput, event: EventFacts, locations: LocationFacts[], mode: "create" | "edit", now: Date): Record<string, string> {
  return dexamErrors(input, { ...event, locations }, mode, now);
}

/**
 * Decision for the songs status: complete when no practice exam is booked (no pieces needed), or
 * when all four rows have a name (and, except for percussion, a number).
 */
export function songsComplete(r: { practiceLocationId: number | null; instrument: Instrument; songs: DexamSong[] }): boolean {
  if (r.practiceLocationId == null) return true;
  const rows = r.songs.slice(0, SONG_ROWS);
  return rows.length === SONG_ROWS && rows.every((s) => required(s.name) === null && (r.instrument === "PERCUSSION" || required(s.number) === null));
}

// ---- results, grade and the row actions of the overview (spec section 2 "Registration overview")

/**
 * The grade column (R-RO008): "bestanden" when the pass rule holds, "nicht bestanden" when a booked
 * part is below its threshold, empty while results are missing (see docs/decisions.md).
 */
export const gradeOf = (r: ResultInput): "PASSED" | "FAILED" | null => {
  const o = examOutcome(r);
  return o === "passed" ? "PASSED" : o === "failed" ? "FAILED" : null;
};

/** The row's values the overview's sort keys are worked out from (as stored; points as Prisma's Decimal or numbers). */
export type OverviewKeyInput = {
  theoryPoints: number | { toString(): string } | null;
  practicePoints: number | { toString(): string } | null;
  partialResultType: "THEORY" | "PRACTICE" | null;
  existingPartialResultVerified: boolean;
  practiceLocationId: number | null;
  instrument: Instrument;
  songs: unknown;
};

/**
 * The stored sort keys of the overview's "Note" and "Stücke" columns (DexamRegistration.gradeKey,
 * songsCompleteKey; docs/decisions.md "Sortable columns"): the grade over every stored result
 * (gradeOf, as staff who see every result see it; the column sorts only for them) and the pieces
 * complete (songsComplete). Every write that changes one of the inputs writes them with the row
 * (dexam/service.ts, results/service.ts); the start-up sweep fills rows from before the keys.
 */
export function overviewKeys(r: OverviewKeyInput): { gradeKey: "PASSED" | "FAILED" | null; songsCompleteKey: boolean } {
  const points = (v: OverviewKeyInput["theoryPoints"]) => (v === null ? null : Number(v));
  return {
    gradeKey: gradeOf({
      theoryPoints: points(r.theoryPoints),
      practicePoints: points(r.practicePoints),
      partialResultType: r.partialResultType,
      existingPartialResultVerified: r.existingPartialResultVerified,
    }),
    songsCompleteKey: songsComplete({
      practiceLocationId: r.practiceLocationId,
      instrument: r.instrument,
      songs: Array.isArray(r.songs) ? (r.songs as DexamSong[]) : [],
    }),
  };
}

/** Which earlier part a takeover carries into a new registration, or the German reason why none. */
export function takeoverPart(r: ResultInput): "THEORY" | "PRACTICE" | string {
  const partial = r.existingPartialResultVerified ? r.partialResultType : null;
  const theory = partial === "THEORY" || (r.theoryPoints !== null && r.theoryPoints >= THEORY_PASS_POINTS);
  const practice = partial === "PRACTICE" || (r.practicePoints !== null && r.practicePoints >= PRACTICE_PASS_POINTS);
  if (theory && practice) return "Die Prüfung ist bereits vollständig bestanden; es gibt kein Teilergebnis zu übernehmen";
  if (theory) return "THEORY";
  if (practice) return "PRACTICE";
  return "Es gibt kein bestandenes Teilergebnis, das übernommen werden kann";
}

export type RowFacts = {
  cancelledAt: Date | null;
  editPhase: EditPhase;
  camp: boolean;
  hasConsentForm: boolean;
  /** a practice sheet is stored and visible to the viewer (dexam/service.ts visibleResult) */
  hasPracticeSheet: boolean;
  result: ResultInput;
  alreadyTakenOver: boolean;
};
/** campReader: reads the camp health data and the consent form (registrations/access.ts mayReadCampData) */
export type Viewer = { manager: boolean; staffReader: boolean; clubMember: boolean; campReader: boolean };

/**
 * What the viewer may do with one overview row (R-RO018..R-RO030). The server enforces the same
 * rules in the mutations; the client only renders these flags.
 */
export function rowActions(r: RowFacts, v: Viewer) {
  const changer = v.manager || v.clubMember;
  const base = baseRowActions(r, { manager: v.manager, clubMember: v.clubMember, deleter: v.manager });
  return {
    edit: base.edit,
    delete: base.delete,
    cancel: base.cancel,
    manage: base.manage,
    takeOver: changer && !r.alreadyTakenOver && ["THEORY", "PRACTICE"].includes(takeoverPart(r.result)),
    downloadPracticeSheet: r.hasPracticeSheet,
    downloadConsentForm: r.camp && r.hasConsentForm && v.campReader,
  };
}

/**
 * Why the camp data of a registration cannot be erased on its own (erasure on request), or null:
 * only camps have it, only once the camp has ended (its end, else its start, has passed), and only
 * while some is left (health data, meal request, consent form).
 */
export function campDataErasure(
  r: { campDataEncrypted: unknown; mealRequest: unknown; consentFormFileId: number | null },
  e: { formType: string; start: Date | null; end: Date | null },
  now: Date,
): string | null {
  if (e.formType !== "DEXAM_CAMP") return ERASE_MSG.notCamp;
  const end = e.end ?? e.start;
  if (!end || end.getTime() > now.getTime()) return ERASE_MSG.campNotOver;
  if (!r.campDataEncrypted && !r.mealRequest && r.consentFormFileId === null) return ERASE_MSG.nothingLeft;
  return null;
}
