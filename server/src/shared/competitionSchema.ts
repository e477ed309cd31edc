// The competition registration input, defined once: its field rules (lengths
// from TEXT_LIMITS, enums, the number of musicians and a piece's duration as numbers or as typed)
// and the cross-field rules (required fields, type x cast x category/age group, the member list of
// type G, the piece rows of the type, consents, the location of the event), with the German
// messages of the one catalogue (messages.ts). The server's validateCompetition (GraphQL and /v1
// through the service) and the client's form (via '@shared') both validate with competitionSchema.
// Error paths are the service's field names ("numberOfMusicians", "songs.1.composer");
// competitionErrors turns a result into field -> message.
import { z } from "zod";
import {
  ageGroupsFor,
  COMPETITION_SONG_ROWS,
  castsFor,
  MAX_DURATION_SECONDS,
  MAX_MUSICIANS,
  memberLines,
  parseDuration,
  songRowsFor,
  usesAgeGroup,
} from "./competition.ts";
import { addIssues, blank, fieldErrors, flag, id, list, numberOrText, oneOf, rule, text } from "./inputSchema.ts";
import { CAST_LABELS, CATEGORY_LABELS, COMPETITION_TYPE_LABELS, DIFFICULTY_LEVEL_LABELS } from "./labels.ts";
import { COMPETITION_MSG, DEXAM_MSG, MSG, WIRE_MSG } from "./messages.ts";
import { TEXT_LIMITS } from "./validation.ts";

const L = TEXT_LIMITS;
const WHOLE = /^\d+$/;

/** The number of musicians: a number, or the form's text ("12"); null when none is given, NaN when the text is no whole number. */
const musiciansOf = (v: number | string | null | undefined) => {
  if (typeof v === "number") return v;
  if (blank(v)) return null;
  const s = String(v).trim();
  return WHOLE.test(s) ? Number(s) : Number.NaN;
};
/** A duration in seconds, or the form's "mm:ss"; null when none is given, NaN when the text is no duration. */
const secondsOf = (v: number | string | null | undefined) => {
  if (typeof v === "number") return v;
  if (blank(v)) return null;
  return parseDuration(String(v)) ?? Number.NaN;
};

const song = z.object({
  name: text(L.competitionSong.name),
  composer: text(L.competitionSong.composer),
  publisher: text(L.competitionSong.publisher),
  arranger: text(L.competitionSong.arranger),
  // seconds; the form's text must read as mm:ss
  duration: numberOrText(WIRE_MSG.integer).superRefine(rule((v) => typeof v === "string" && Number.isNaN(secondsOf(v)), COMPETITION_MSG.durationFormat)),
});

/** The fields of a competition registration and the rules each holds alone (required is a cross-field rule). */
const fields = z.looseObject({
  name: text(L.CompetitionRegistration.name),
  associationId: id,
  /** the club as the GraphQL write names it (global id): the form checks what it sends */
  association: id,
  type: oneOf(COMPETITION_TYPE_LABELS),
  cast: oneOf(CAST_LABELS),
  category: oneOf(CATEGORY_LABELS),
  ageGroup: oneOf(DIFFICULTY_LEVEL_LABELS),
  conductorName: text(L.CompetitionRegistration.conductorName),
  // a whole number; the form's text must be digits
  numberOfMusicians: numberOrText(WIRE_MSG.integer).superRefine(rule((v) => typeof v === "string" && Number.isNaN(musiciansOf(v)), COMPETITION_MSG.musicians)),
  members: text(L.CompetitionRegistration.members),
  remarks: text(L.CompetitionRegistration.remarks),
  // at most four pieces: a field rule, so every other error still shows
  songs: list(song, COMPETITION_SONG_ROWS, COMPETITION_MSG.tooManySongs),
  gdprAccepted: flag,
  cancellationAccepted: flag,
  /** registration_manage's choice of location */
  locationId: id,
});

/** What the cross-field rules need of the event: its consents and (for a chosen location) its locations. */
export type CompetitionEventFacts = {
  cancellationConditions?: string | null;
  locations?: readonly { id: number | string }[];
};
export type CompetitionMode = "create" | "edit";

type Fields = z.output<typeof fields>;

/** The rules that need more than one field or the event; field -> message, later rules override earlier ones. */
function crossFieldErrors(v: Fields, event: CompetitionEventFacts, mode: CompetitionMode): Record<string, string> {
  const e: Record<string, string> = {};
  for (const f of ["name", "associationId", "type", "cast", "conductorName"] as const)
    if (blank(f === "associationId" ? (v.associationId ?? v.association) : v[f])) e[f] = MSG.required;
  const n = musiciansOf(v.numberOfMusicians);
  if (n == null || Number.isNaN(n)) e.numberOfMusicians = MSG.required;
  else if (!Number.isInteger(n) || n < 1 || n > MAX_MUSICIANS) e.numberOfMusicians = COMPETITION_MSG.musicians;

  // type x cast x category/age group (R-VA038, R-VA039); the member list of type G (R-VA041)
  const t = v.type;
  if (t) {
    if (v.cast && !castsFor(t).includes(v.cast)) e.cast = COMPETITION_MSG.castType;
    if (usesAgeGroup(t)) {
      if (!v.ageGroup) e.ageGroup = MSG.required;
      else if (!ageGroupsFor(t).includes(v.ageGroup)) e.ageGroup = COMPETITION_MSG.ageGroupType;
      if (v.category) e.category = COMPETITION_MSG.noCategory;
    } else {
      if (!v.category) e.category = MSG.required;
      if (v.ageGroup) e.ageGroup = COMPETITION_MSG.noAgeGroup;
    }
    if (t === "G" && memberLines(v.members).length === 0) e.members = MSG.required;
  }

  // songs (R-VA040): two rows, four for B and G; composer, publisher and duration once a name is filled
  const rows = songRowsFor(t);
  (v.songs ?? []).forEach((s, i) => {
    const seconds = secondsOf(s.duration);
    const any = !blank(s.name) || !blank(s.composer) || !blank(s.publisher) || !blank(s.arranger) || seconds != null;
    if (i >= rows) {
      if (any) e[`songs.${i}.name`] = COMPETITION_MSG.twoSongs;
      return;
    }
    if (blank(s.name)) return;
    if (blank(s.composer)) e[`songs.${i}.composer`] = MSG.required;
    if (blank(s.publisher)) e[`songs.${i}.publisher`] = MSG.required;
    if (seconds == null || Number.isNaN(seconds)) e[`songs.${i}.duration`] = MSG.required;
    else if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_DURATION_SECONDS) e[`songs.${i}.duration`] = COMPETITION_MSG.duration;
  });

  // consents in create mode, as for D-exams (decision R-CF013)
  if (mode === "create") {
    if (!v.gdprAccepted) e.gdprAccepted = MSG.required;
    if (event.cancellationConditions && !v.cancellationAccepted) e.cancellationAccepted = MSG.required;
  }

  // a location chosen by registration_manage: one of the event's
  if (!blank(v.locationId) && event.locations && !event.locations.some((l) => l.id === v.locationId)) e.locationId = DEXAM_MSG.locationForeign;
  return e;
}

/** The schema of a competition registration for one event and mode: the field rules, then the cross-field rules (superRefine). */
export const competitionSchema = (event: CompetitionEventFacts, mode: CompetitionMode) =>
  fields.superRefine((v, ctx) => addIssues(ctx, crossFieldErrors(v, event, mode)));

/** The input competitionSchema reads (the service's CompetitionInput and the form's adapter both fit it). */
export type CompetitionSchemaInput = z.input<ReturnType<typeof competitionSchema>>;

/** Everything wrong with a competition registration, as field -> German message. */
export const competitionErrors = (input: unknown, event: CompetitionEventFacts, mode: CompetitionMode) =>
  fieldErrors(competitionSchema(event, mode).safeParse(input).error);
