import {
  ageGroupsFor,
  CATEGORIES,
  type Cast,
  type Category,
  COMPETITION_SONG_ROWS,
  COMPETITION_TYPES,
  type CompetitionType,
  changeType,
  type DifficultyLevel,
  formatDuration,
  parseDuration,
  songRowsFor,
  usesAgeGroup,
} from "@shared/competition";
import { type CompetitionSchemaInput, competitionErrors } from "@shared/competitionSchema";
import { DEXAM_MSG } from "@shared/messages";
import { fromDateTimeLocal, toDateTimeLocal } from "../events/eventDates";
import { type FieldErrors, optionalText } from "../forms/fieldErrors";
import { type EditScope, preselectedClub, type RegistrationMode, setPath } from "../registration/formValues";

/**
 * The competition registration form (spec §2 "Competition registration form", §4 "Form
 * dependencies", §5 "Competition registration"): values, the type dependency, which types, casts,
 * categories and age groups are offered, the checks and the GraphQL input. The checks are the one
 * competition schema (`@shared/competitionSchema`) the server validates with as well, fed from
 * what the form would send (durations and the number of musicians as typed); the form adds only a
 * malformed cancellation date. Error keys are the server's field paths ("songs.1.composer").
 */

export type { Cast, Category, CompetitionType, DifficultyLevel };

/** One piece row as typed: the duration as "mm:ss" text (stored in seconds, decision R-CF018). */
export type CompetitionSongValues = { name: string; composer: string; publisher: string; arranger: string; duration: string };

export type CompetitionFormValues = {
  /** the group's or performance's name */
  name: string;
  /** the club's global id, "" for none (sent as `association`) */
  associationId: string;
  /** null until chosen; changing it clears cast, category and age group (R-CF011) */
  type: CompetitionType | null;
  cast: Cast | null;
  category: Category | null;
  ageGroup: DifficultyLevel | null;
  conductorName: string;
  /** as typed; a whole number 1..1000 */
  numberOfMusicians: string;
  /** type G: one participant per line */
  members: string;
  remarks: string;
  /** always four rows; only songRowsFor(type) are shown, checked and sent */
  songs: CompetitionSongValues[];
  gdprAccepted: boolean;
  cancellationAccepted: boolean;
  /** registration_manage: datetime-local (Berlin), "" for not cancelled */
  cancelledAt: string;
  /** registration_manage: "Unterlagen vollständig" */
  documentsComplete: boolean;
};

/** The event facts the form depends on: its consents and its competition locations' types. */
export interface CompetitionEventFacts {
  readonly cancellationConditions?: string | null;
  readonly locations: readonly { readonly type: string; readonly competitionTypes: readonly string[] }[];
}

export const EMPTY_SONG: CompetitionSongValues = { name: "", composer: "", publisher: "", arranger: "", duration: "" };
const emptySongs = () => Array.from({ length: COMPETITION_SONG_ROWS }, () => ({ ...EMPTY_SONG }));

/** A new registration: everything empty; a single own club is preselected. */
export function emptyCompetitionForm(clubIds: readonly string[] = []): CompetitionFormValues {
  return {
    name: "",
    associationId: preselectedClub(clubIds),
    type: null,
    cast: null,
    category: null,
    ageGroup: null,
    conductorName: "",
    numberOfMusicians: "",
    members: "",
    remarks: "",
    songs: emptySongs(),
    gdprAccepted: false,
    cancellationAccepted: false,
    cancelledAt: "",
    documentsComplete: false,
  };
}

/** A stored registration as the edit dialog loads it (GraphQL CompetitionRegistration). */
export interface CompetitionRecord {
  readonly name: string;
  readonly association: { readonly id: string };
  readonly type: string;
  readonly cast: string;
  readonly category?: string | null;
  readonly ageGroup?: string | null;
  readonly conductorName: string;
  readonly numberOfMusicians: number;
  readonly members?: string | null;
  readonly remarks?: string | null;
  readonly songs: readonly {
    readonly name?: string | null;
    readonly composer?: string | null;
    readonly publisher?: string | null;
    readonly arranger?: string | null;
    readonly duration?: number | null;
  }[];
  readonly cancelledAt?: string | null;
  readonly documentsComplete: boolean;
}

/** The form values of a stored registration (edit mode); durations in seconds read as mm:ss. */
export function competitionFormValues(r: CompetitionRecord): CompetitionFormValues {
  const empty = emptyCompetitionForm();
  return {
    ...empty,
    name: r.name,
    associationId: r.association.id,
    type: r.type as CompetitionType,
    cast: r.cast as Cast,
    category: (r.category ?? null) as Category | null,
    ageGroup: (r.ageGroup ?? null) as DifficultyLevel | null,
    conductorName: r.conductorName,
    numberOfMusicians: String(r.numberOfMusicians),
    members: r.members ?? "",
    remarks: r.remarks ?? "",
    songs: empty.songs.map((row, i) => {
      const s = r.songs[i];
      if (!s) return row;
      return {
        name: s.name ?? "",
        composer: s.composer ?? "",
        publisher: s.publisher ?? "",
        arranger: s.arranger ?? "",
        duration: s.duration == null ? "" : formatDuration(s.duration),
      };
    }),
    cancelledAt: toDateTimeLocal(r.cancelledAt),
    documentsComplete: r.documentsComplete,
  };
}

// ---- dependencies between fields (spec §4 "Form dependencies")

/** The choices that are empty as null (the selects); every other field keeps its text. */
const CHOICES = new Set(["cast", "category", "ageGroup"]);

/** One change of a field with its dependencies: changing the type clears category, cast and age group (R-CF011). */
export function applyChange(values: CompetitionFormValues, path: string, value: string | boolean | null): CompetitionFormValues {
  if (path === "type") return changeType(values, (value || null) as CompetitionType | null);
  if (CHOICES.has(path)) return setPath(values, path, value || null);
  return setPath(values, path, value);
}

// ---- what is offered and shown

/**
 * The types offered for an event (decision): the competition types its competition locations
 * list, in the order T, K, U, G, M, B; all six when no location lists any (the server then keeps
 * the registration without a location). A stored type no longer offered stays, so it shows.
 */
export function offeredTypes(event: CompetitionEventFacts, current: CompetitionType | null = null): CompetitionType[] {
  const listed = new Set(event.locations.filter((l) => l.type === "COMPETITION").flatMap((l) => l.competitionTypes));
  if (listed.size === 0) return [...COMPETITION_TYPES];
  return COMPETITION_TYPES.filter((type) => listed.has(type) || type === current);
}

/** Category (R-CF005) for types other than B and G, age group (R-CF006) for B and G; neither without a type. */
export function levelField(type: CompetitionType | null): "category" | "ageGroup" | null {
  if (!type) return null;
  return usesAgeGroup(type) ? "ageGroup" : "category";
}

/** The categories 1..6 or the age groups of the type. */
export function offeredLevels(type: CompetitionType | null): readonly string[] {
  const field = levelField(type);
  return field === "category" ? CATEGORIES : field === "ageGroup" ? ageGroupsFor(type) : [];
}

/** The member list is shown (and required) for type G only (R-CF009, R-VA041). */
export const showsMembers = (type: CompetitionType | null) => type === "G";

/** The number of piece rows shown: two, four for B and G (R-CF015, R-CF016, R-BC010); two before a type is chosen. */
export const shownSongRows = (type: CompetitionType | null) => songRowsFor(type);

// ---- the GraphQL input (CompetitionRegistrationInput)

export interface CompetitionSongInput {
  name: string | null;
  composer: string | null;
  publisher: string | null;
  arranger: string | null;
  /** seconds */
  duration: number | null;
}

export interface CompetitionInput {
  name: string;
  /** the club's global id, as the reads return it */
  association: string | null;
  type: CompetitionType;
  cast: Cast;
  category: Category | null;
  ageGroup: DifficultyLevel | null;
  conductorName: string;
  numberOfMusicians: number;
  members: string | null;
  remarks: string | null;
  songs: CompetitionSongInput[];
  gdprAccepted?: boolean;
  cancellationAccepted?: boolean;
  cancelledAt?: string | null;
  documentsComplete?: boolean;
}

export interface InputContext {
  mode: RegistrationMode;
  /** registration_manage (viewerCan.manage): sends cancelledAt and documentsComplete */
  manage?: boolean;
}

const WHOLE = /^\d+$/;

/** "12" -> 12; empty -> null; anything else NaN (the checks say so). */
function musicians(text: string): number | null {
  const v = text.trim();
  if (v === "") return null;
  return WHOLE.test(v) ? Number(v) : Number.NaN;
}

/**
 * The values as CompetitionRegistrationInput: only the category or the age group of the type, the
 * member list for type G only, the shown piece rows with their durations in seconds, the consents
 * only when creating, the registration_manage fields only for registration_manage. Sent only after
 * validateCompetitionForm found nothing, so the required fields are there.
 */
export function competitionInput(values: CompetitionFormValues, context: InputContext): CompetitionInput {
  const type = values.type as CompetitionType;
  const level = levelField(values.type);
  const input: CompetitionInput = {
    name: values.name.trim(),
    association: values.associationId || null,
    type,
    cast: values.cast as Cast,
    category: level === "category" ? values.category : null,
    ageGroup: level === "ageGroup" ? values.ageGroup : null,
    conductorName: values.conductorName.trim(),
    numberOfMusicians: musicians(values.numberOfMusicians) as number,
    members: showsMembers(values.type) ? optionalText(values.members) : null,
    remarks: optionalText(values.remarks),
    songs: values.songs.slice(0, shownSongRows(values.type)).map((s) => ({
      name: optionalText(s.name),
      composer: optionalText(s.composer),
      publisher: optionalText(s.publisher),
      arranger: optionalText(s.arranger),
      duration: s.duration.trim() === "" ? null : parseDuration(s.duration),
    })),
  };
  if (context.mode === "create") {
    input.gdprAccepted = values.gdprAccepted;
    input.cancellationAccepted = values.cancellationAccepted;
  }
  if (context.manage) {
    input.cancelledAt = fromDateTimeLocal(values.cancelledAt);
    input.documentsComplete = values.documentsComplete;
  }
  return input;
}

// ---- checks (spec §5 "Competition registration"): the one competition schema (@shared/competitionSchema)

export interface CheckContext {
  mode: RegistrationMode;
  event: CompetitionEventFacts;
  /** edit: what the viewer may change; SONGS checks only the pieces, NONE nothing (R-CF019) */
  scope?: EditScope;
}

/** The form values as the schema reads them: what competitionInput would send, the number of musicians and the durations as typed. */
function schemaInput(values: CompetitionFormValues, mode: RegistrationMode): CompetitionSchemaInput {
  const { cancelledAt: _managed, ...input } = competitionInput(values, { mode });
  return {
    ...input,
    numberOfMusicians: values.numberOfMusicians,
    songs: values.songs.slice(0, shownSongRows(values.type)).map((s, i) => ({ ...input.songs[i], duration: s.duration })),
  };
}

/** Field path -> German message for everything wrong; empty when the form may be sent. */
export function validateCompetitionForm(values: CompetitionFormValues, context: CheckContext): FieldErrors {
  const { mode, event, scope = "ALL" } = context;
  if (scope === "NONE") return {};
  const e = competitionErrors(schemaInput(values, mode), { cancellationConditions: event.cancellationConditions }, mode);
  if (values.cancelledAt && !fromDateTimeLocal(values.cancelledAt)) e.cancelledAt = DEXAM_MSG.date;
  if (scope === "SONGS") return Object.fromEntries(Object.entries(e).filter(([key]) => key.startsWith("songs")));
  return e;
}
