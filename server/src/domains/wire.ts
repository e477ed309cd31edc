// One mapping between the code-safe enum identifiers of Prisma/GraphQL and the spec's wire
// strings of /v1 (section 3 and its enumerations).

import type { CompetitionType, DexamType, EditPhase, FormType, Instrument, LocationType } from "../generated/prisma/client.ts";
import type { RegistrationStatus } from "./registrations/access.ts";

function twoWay<K extends string>(map: Record<K, string>) {
  const back = Object.fromEntries(Object.entries(map).map(([k, v]) => [v, k])) as Record<string, K>;
  return {
    toWire: (k: K) => map[k],
    fromWire: (v: unknown): K | undefined => (typeof v === "string" ? back[v] : undefined),
    values: Object.values(map) as string[],
  };
}

export const formTypeWire = twoWay<FormType>({ DEXAM: "dexam", DEXAM_CAMP: "dexam_camp", COMPETITION: "competition" });
export const editPhaseWire = twoWay<EditPhase>({ NO_RESTRICTIONS: "NoRestrictions", SONGS_ONLY: "SongsOnly", NONE: "None" });
export const locationTypeWire = twoWay<LocationType>({
  DEXAM_THEORY: "DExamTheory",
  DEXAM_PRACTICE: "DExamPractice",
  DEXAM_PREPARATION: "DExamPreparation",
  COMPETITION: "Competition",
});
/** The overviews' status filter (registrations/access.ts REGISTRATION_STATUSES) as /v1's `status` parameter. */
export const registrationStatusWire = twoWay<RegistrationStatus>({
  LIVE: "live",
  CANCELLED: "cancelled",
  DOCUMENTS_INCOMPLETE: "documents_incomplete",
  NOT_VERIFIED: "not_verified",
  RESULT_ENTERED: "result_entered",
  RESULT_PUBLISHED: "result_published",
});
export const dexamTypeWire = twoWay<DexamType>({ D1: "D1", D2: "D2", D3: "D3" });
export const competitionTypeWire = twoWay<CompetitionType>({ T: "T", K: "K", U: "U", G: "G", M: "M", B: "B" });
export const instrumentWire = twoWay<Instrument>({
  FLUTE: "Flute",
  PICCOLO: "Piccolo",
  OBOE: "Oboe",
  BASSOON: "Bassoon",
  CLARINET: "Clarinet",
  EB_CLARINET: "Eb Clarinet",
  BASS_CLARINET: "Bass Clarinet",
  ALTO_SAXOPHONE: "Alto Saxophone",
  TENOR_SAXOPHONE: "Tenor Saxophone",
  BARITONE_SAXOPHONE: "Baritone Saxophone",
  TRUMPET: "Trumpet",
  FLUGELHORN: "Flugelhorn",
  FRENCH_HORN: "French Horn",
  TROMBONE: "Trombone",
  BASS_TROMBONE: "Bass Trombone",
  TENOR_HORN: "Tenor Horn",
  BARITONE_HORN: "Baritone Horn",
  TUBA: "Tuba",
  PERCUSSION: "Percussion",
  MALLETS: "Mallets",
});
