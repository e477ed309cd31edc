import { MSG } from "@shared/messages";
import { addLengthErrors, TEXT_LIMITS } from "@shared/validation";
import { type FieldErrors, optionalText } from "../../forms/fieldErrors";

/**
 * Taking over a partial result (R-RO030..R-RO032, decision R-RO031): which part a registration
 * carries, which events and locations the dialog offers, its checks and the mutation input.
 */

export type ExamPart = "THEORY" | "PRACTICE";

/** Pass thresholds (spec §9): theory 24, practice 36 points, inclusive. */
export const THEORY_PASS_POINTS = 24;
export const PRACTICE_PASS_POINTS = 36;

export interface TakeoverSource {
  readonly theoryPoints: number | null | undefined;
  readonly practicePoints: number | null | undefined;
  readonly partialResultType: string | null | undefined;
  readonly partialResultPoints?: number | null | undefined;
  readonly existingPartialResultVerified: boolean;
}

/**
 * The part a takeover carries, as the server decides it: the one passed part (theory >= 24,
 * practice >= 36, or a verified earlier partial result of that part); null when none or both
 * are passed (then nothing can be taken over).
 */
export function takeoverPart(row: TakeoverSource): ExamPart | null {
  const partial = row.existingPartialResultVerified ? row.partialResultType : null;
  const theory = partial === "THEORY" || (row.theoryPoints != null && row.theoryPoints >= THEORY_PASS_POINTS);
  const practice = partial === "PRACTICE" || (row.practicePoints != null && row.practicePoints >= PRACTICE_PASS_POINTS);
  if (theory === practice) return null;
  return theory ? "THEORY" : "PRACTICE";
}

/** The part the new registration must book: the other one. */
export function missingPart(part: ExamPart): ExamPart {
  return part === "THEORY" ? "PRACTICE" : "THEORY";
}

/** The points carried: those of a verified earlier partial result of that part, else this registration's result. */
export function carriedPoints(row: TakeoverSource, part: ExamPart): number | null {
  if (row.existingPartialResultVerified && row.partialResultType === part && row.partialResultPoints != null) return row.partialResultPoints;
  return (part === "THEORY" ? row.theoryPoints : row.practicePoints) ?? null;
}

export interface TargetEventFacts {
  readonly id: string;
  readonly formType: string;
  readonly deadlinePassed: boolean;
}

/**
 * The events a partial result can go into: D-exams (not camps: their camp data and consent form
 * belong to the registration form) other than the source event whose deadline has not passed.
 */
export function takeoverTargets<T extends TargetEventFacts>(events: readonly T[], sourceEventId: string): T[] {
  return events.filter((event) => event.formType === "DEXAM" && !event.deadlinePassed && event.id !== sourceEventId);
}

export interface TargetLocation {
  /** the global id the write takes */
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly dexamTypes: readonly string[];
  readonly instruments: readonly string[];
}

/** Locations for the missing part: theory locations offering the course, or practice locations offering course and instrument. */
export function missingPartLocations<T extends TargetLocation>(locations: readonly T[], missing: ExamPart, course: string, instrument: string): T[] {
  return locations.filter((location) =>
    missing === "THEORY"
      ? location.type === "DEXAM_THEORY" && location.dexamTypes.includes(course)
      : location.type === "DEXAM_PRACTICE" && location.dexamTypes.includes(course) && location.instruments.includes(instrument),
  );
}

/** Preparation courses offering the course (optional choice). */
export function preparationLocations<T extends TargetLocation>(locations: readonly T[], course: string): T[] {
  return locations.filter((location) => location.type === "DEXAM_PREPARATION" && location.dexamTypes.includes(course));
}

export interface TakeoverValues {
  eventId: string | null;
  /** The location of the missing part (global id). */
  locationId: string | null;
  preparationLocationId: string | null;
  remarks: string;
  gdprAccepted: boolean;
  cancellationAccepted: boolean;
}

export const EMPTY_TAKEOVER: TakeoverValues = {
  eventId: null,
  locationId: null,
  preparationLocationId: null,
  remarks: "",
  gdprAccepted: false,
  cancellationAccepted: false,
};

/** Required: the target event, the location of the missing part, the privacy consent, and the cancellation consent when the event has conditions. */
export function validateTakeover(values: TakeoverValues, hasCancellationConditions: boolean): FieldErrors {
  const errors: Record<string, string> = {};
  if (!values.eventId) errors.eventId = MSG.required;
  if (values.locationId === null) errors.locationId = MSG.required;
  if (!values.gdprAccepted) errors.gdprAccepted = MSG.required;
  if (hasCancellationConditions && !values.cancellationAccepted) errors.cancellationAccepted = MSG.required;
  return addLengthErrors(errors, values, { remarks: TEXT_LIMITS.DexamRegistration.remarks });
}

/** The locations by their global ids, as the reads return them. */
export interface TakeoverInput {
  eventId: string;
  theoryLocation: string | null;
  practiceLocation: string | null;
  preparationLocation: string | null;
  remarks: string | null;
  gdprAccepted: boolean;
  cancellationAccepted: boolean;
}

/** The input of takeOverDexamPartialResult: exactly the missing part is booked, never the carried one. */
export function takeoverInput(values: TakeoverValues, part: ExamPart): TakeoverInput {
  const missing = missingPart(part);
  return {
    eventId: values.eventId ?? "",
    theoryLocation: missing === "THEORY" ? values.locationId : null,
    practiceLocation: missing === "PRACTICE" ? values.locationId : null,
    preparationLocation: values.preparationLocationId,
    remarks: optionalText(values.remarks),
    gdprAccepted: values.gdprAccepted,
    cancellationAccepted: values.cancellationAccepted,
  };
}

/** Server field names of a rejected takeover (the input's: theoryLocation, ...) mapped onto the dialog's fields. */
export function takeoverFieldErrors(fields: Readonly<Record<string, string>>): FieldErrors {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    const key = field === "theoryLocation" || field === "practiceLocation" ? "locationId" : field === "preparationLocation" ? "preparationLocationId" : field;
    errors[key] ??= message;
  }
  return errors;
}
