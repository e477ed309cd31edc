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

export function examOutcome(r: ResultInput): Outcome {
  const partial = r.existingPartialResultVerified ? r.partialResultType : null;
  const theory = partial === "THEORY" ? true : r.theoryPoints === null ? null : r.theoryPoints >= THEORY_PASS_POINTS;
  const practice = partial === "PRACTICE" ? true : r.practicePoints === null ? null : r.practicePoints >= PRACTICE_PASS_POINTS;
  if (theory === false || practice === false) return "failed";
  if (theory && practice) return "passed";
  return "open";
}
