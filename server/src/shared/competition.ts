// Competition registrations (Wertungsspiele), spec sections 3, 4 and 5: the fields adapt to the
// competition type. The pure facts of the types (casts, levels, song rows, durations) shared by the
// one competition schema (competitionSchema.ts, which checks an input), the server
// (domains/competition/rules.ts re-exports this module) and the client's form (Vite alias @shared). No Prisma types
// here: the enumerations are the string unions of the labels, which Prisma's enums equal.
import { type CAST_LABELS, CATEGORY_LABELS, COMPETITION_TYPE_LABELS, DIFFICULTY_LEVEL_LABELS } from "./labels.ts";
import { required } from "./validation.ts";

export type CompetitionType = keyof typeof COMPETITION_TYPE_LABELS;
export type Cast = keyof typeof CAST_LABELS;
export type Category = keyof typeof CATEGORY_LABELS;
export type DifficultyLevel = keyof typeof DIFFICULTY_LEVEL_LABELS;

/** The six competition types in the spec's order T, K, U, G, M, B. */
export const COMPETITION_TYPES = Object.keys(COMPETITION_TYPE_LABELS) as CompetitionType[];

/** Types B (wind classes) and G (chamber music) use age groups, four pieces and the small casts. */
export const usesAgeGroup = (t: CompetitionType | null | undefined) => t === "B" || t === "G";

export const CASTS_SMALL: readonly Cast[] = ["S", "SK", "E", "BG", "P"];
export const CASTS_ORCHESTRA: readonly Cast[] = ["B", "JB", "SL"];
/** Casts offered for a type: solo, solo with piano, ensembles, wind groups, percussion ensembles for B and G; otherwise orchestras and Spielleute. */
export const castsFor = (t: CompetitionType | null | undefined): readonly Cast[] => (!t ? [] : usesAgeGroup(t) ? CASTS_SMALL : CASTS_ORCHESTRA);

/** Age groups: IA, IB, II..VI for type G; II..VI for type B. */
export const ageGroupsFor = (t: CompetitionType | null | undefined): readonly DifficultyLevel[] =>
  t === "G" ? ["IA", "IB", "II", "III", "IV", "V", "VI"] : t === "B" ? ["II", "III", "IV", "V", "VI"] : [];

/** Categories 1..6 (both readings of the spec, 1..5 and 1..6, stand: 6 is offered). */
export const CATEGORIES: readonly Category[] = ["CAT_1", "CAT_2", "CAT_3", "CAT_4", "CAT_5", "CAT_6"];

/** Two song rows (mandatory piece, self-chosen piece), four for types B and G. */
export const songRowsFor = (t: CompetitionType | null | undefined) => (usesAgeGroup(t) ? 4 : 2);
/** Rows stored per registration (spec section 9). */
export const COMPETITION_SONG_ROWS = 4;

export const MAX_MUSICIANS = 1000;
/** A performance piece lasts at most an hour (entered as mm:ss, stored in seconds). */
export const MAX_DURATION_SECONDS = 3600;

/** German messages of the competition rules: the one catalogue (messages.ts). */
export { COMPETITION_MSG } from "./messages.ts";

export type CompetitionSong = {
  name?: string | null;
  composer?: string | null;
  publisher?: string | null;
  arranger?: string | null;
  /** seconds */
  duration?: number | null;
};

export type CompetitionInput = {
  name?: string | null;
  associationId?: number | null;
  /** the club as the GraphQL write names it (global id): the form checks what it sends, the server the numeric id */
  association?: string | null;
  type?: CompetitionType | null;
  cast?: Cast | null;
  category?: Category | null;
  ageGroup?: DifficultyLevel | null;
  conductorName?: string | null;
  numberOfMusicians?: number | null;
  members?: string | null;
  remarks?: string | null;
  songs?: CompetitionSong[];
  gdprAccepted?: boolean;
  cancellationAccepted?: boolean;
  /** registration_manage only; undefined leaves the value unchanged */
  cancelledAt?: Date | null;
  documentsComplete?: boolean | null;
  locationId?: number | null;
  /** the version the edit was based on (optimistic concurrency); omitted: no check */
  version?: number | null;
};

/** Changing the type clears category, cast and age group (spec section 4). */
export function changeType<T extends Pick<CompetitionInput, "type" | "category" | "cast" | "ageGroup">>(values: T, type: CompetitionType | null): T {
  if (values.type === type) return values;
  return { ...values, type, category: null, cast: null, ageGroup: null };
}

/** The participants of a type G member list: one per non-empty line. */
export const memberLines = (members: string | null | undefined) =>
  (members ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

const filled = (v: unknown) => required(v) === null;

/** Songs status: every row the type shows has name, composer, publisher and duration. */
export function competitionSongsComplete(r: { type: CompetitionType; songs: CompetitionSong[] }): boolean {
  const rows = Array.from({ length: songRowsFor(r.type) }, (_, i) => r.songs[i] ?? {});
  return rows.every((s) => filled(s.name) && filled(s.composer) && filled(s.publisher) && s.duration != null);
}

/** Duration "mm:ss" -> seconds (the client enters mm:ss, the server stores seconds); null when not a duration. */
export function parseDuration(v: string): number | null {
  const m = /^(\d{1,2}):([0-5]\d)$/.exec(v.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}
export const formatDuration = (seconds: number) => `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;

/**
 * The level of a registration as shown ("Stufe/Altersgruppe", R-RO006): the category label
 * ("3 – mittelschwer") for types other than B and G, the age group for B and G.
 */
export function competitionLevelLabel(r: { type: string; category?: string | null; ageGroup?: string | null }): string {
  if (usesAgeGroup(r.type as CompetitionType)) return r.ageGroup ? (DIFFICULTY_LEVEL_LABELS[r.ageGroup as DifficultyLevel] ?? r.ageGroup) : "";
  return r.category ? (CATEGORY_LABELS[r.category as Category] ?? r.category) : "";
}
