import { z } from "zod";
import type { Cast, Category, CompetitionRegistration, DifficultyLevel } from "../../generated/prisma/client.ts";
import type { RestRouter } from "../../http/rest.ts";
import * as w from "../../http/wireSchema.ts";
import { COMPETITION_SONG_ROWS } from "../../shared/competition.ts";
import type { ServiceCtx } from "../context.ts";
import { remarksOf } from "../registrations/remarks.ts";
import { registrationRoutes } from "../registrations/rest.ts";
import { registrationBodyFields, registrationBodyOf, registrationHeadOf, registrationWireHead } from "../registrations/wire.ts";
import { competitionTypeWire } from "../wire.ts";
import { type CompetitionInput, type CompetitionSong, competitionSongsComplete } from "./rules.ts";
import { COMPETITION_LIST, createCompetition, deleteCompetitionRegistration, updateCompetitionRegistration, visibleCompetitionResult } from "./service.ts";

// wire values: casts and age groups as the spec writes them; categories as numbers 1..6
const CASTS: readonly Cast[] = ["S", "SK", "E", "BG", "P", "B", "JB", "SL"];
const LEVELS: readonly DifficultyLevel[] = ["IA", "IB", "II", "III", "IV", "V", "VI"];
const categoryToWire = (c: Category | null) => (c ? Number(c.slice(4)) : null);
/** a category 1..6 as the number the answers write (or its digit) */
const categoryFromWire = (v: unknown): Category | undefined =>
  (typeof v === "number" || typeof v === "string") && /^[1-6]$/.test(String(v)) ? (`CAT_${v}` as Category) : undefined;

/** What every /v1 answer of a registration loads with it. */
const WIRE_INCLUDE = {
  association: { select: { id: true, name: true } },
  event: { select: { districtAssociationId: true, locations: { select: { publishResults: true } } } },
} as const;
type WireRelations = {
  association: { id: number; name: string } | null;
  event: { districtAssociationId: number; locations: { publishResults: boolean }[] };
};
type WireRow = CompetitionRegistration & WireRelations;

/** The spec's competition registration fields (section 3), as /v1 answers them. */
export const CompetitionWire = z.object({
  ...registrationWireHead,
  name: z.string().meta({ description: "Name des Ensembles" }),
  association_id: z.int(),
  association: z.object({ id: z.int(), name: z.string() }).nullable(),
  type: z.enum(competitionTypeWire.values),
  cast: z.enum(CASTS),
  category: z.int().min(1).max(6).nullable().meta({ description: "Die Kategorie 1 bis 6 (nicht bei den Typen B und G)" }),
  age_group: z.enum(LEVELS).nullable().meta({ description: "Die Altersgruppe (nur bei den Typen B und G)" }),
  conductor_name: z.string(),
  number_of_musicians: z.int(),
  members: z.string().nullable().meta({ description: "Die Mitwirkenden, eine Person je Zeile (Typ G)" }),
  remarks: z.string().nullable(),
  location_id: z.int().nullable(),
  cancelled_at: z.iso.datetime().nullable(),
  documents_complete: z.boolean(),
  songs_complete: z.boolean(),
  gdpr_accepted: z.boolean(),
  cancellation_accepted: z.boolean(),
  songs: z
    .array(
      z.object({
        name: z.string().nullish(),
        composer: z.string().nullish(),
        publisher: z.string().nullish(),
        arranger: z.string().nullish(),
        duration: z.int().nullish().meta({ description: "Dauer in Sekunden" }),
      }),
    )
    .meta({ description: "Die Stücke (zwei Zeilen, bei den Typen B und G vier)" }),
  result: z
    .object({ points: z.number().nullable(), mark: z.string().nullable() })
    .meta({ description: "Punkte und Prädikat aus PC-Juror, sobald veröffentlicht (das Personal des Kreisverbands sieht sie immer)" }),
});

/** `rel`: the row's relations, when they are not on the row (a new registration: no copy of its many columns). */
export function competitionToWire(ctx: ServiceCtx, r: CompetitionRegistration, rel: WireRelations = r as WireRow): z.infer<typeof CompetitionWire> {
  const songs = (r.songs as CompetitionSong[]) ?? [];
  const result = visibleCompetitionResult(ctx.principal, r, rel.event);
  return {
    ...registrationHeadOf(r),
    name: r.name,
    association_id: r.associationId,
    association: rel.association ? { id: rel.association.id, name: rel.association.name } : null,
    type: competitionTypeWire.toWire(r.type),
    cast: r.cast,
    category: categoryToWire(r.category),
    age_group: r.ageGroup,
    conductor_name: r.conductorName,
    number_of_musicians: r.numberOfMusicians,
    members: r.members,
    remarks: remarksOf(ctx.services.dataKey, r),
    location_id: r.locationId,
    cancelled_at: r.cancelledAt?.toISOString() ?? null,
    documents_complete: r.documentsComplete,
    songs_complete: competitionSongsComplete({ type: r.type, songs }),
    gdpr_accepted: r.gdprAccepted,
    cancellation_accepted: r.cancellationAccepted,
    songs,
    result,
  };
}

/**
 * The body of a create or edit (spec section 3's snake_case names and wire values), read strictly
 * (http/wireSchema.ts: a wrong type is a 400 naming the field) into the service's CompetitionInput;
 * what the fields must hold is the one competition schema's job (shared/competitionSchema.ts).
 */
const CompetitionBody = z
  .object({
    ...registrationBodyFields,
    name: w.text({ description: "Name des Ensembles" }),
    association_id: w.id(),
    type: w.oneOf(competitionTypeWire),
    cast: w.oneOf({ fromWire: (v) => CASTS.find((c) => c === v), values: CASTS }),
    category: w.oneOf({ fromWire: categoryFromWire, values: [1, 2, 3, 4, 5, 6] }),
    age_group: w.oneOf({ fromWire: (v) => LEVELS.find((l) => l === v), values: LEVELS }),
    conductor_name: w.text(),
    number_of_musicians: w.integer(),
    members: w.text(),
    remarks: w.text(),
    songs: w.list(w.item({ name: w.text(), composer: w.text(), publisher: w.text(), arranger: w.text(), duration: w.integer() }), COMPETITION_SONG_ROWS),
    gdpr_accepted: w.boolean(),
    cancellation_accepted: w.boolean(),
    documents_complete: w.boolean().meta({ type: ["boolean", "null"], description: "Unterlagen vollständig (setzt nur registration_manage)" }),
    location_id: w
      .id()
      .optional()
      .meta({ type: ["integer", "null"], minimum: 0, description: "Der Wertungsort (wählt nur registration_manage; sonst nach dem Typ zugeteilt)" }),
  })
  .transform(
    (b) =>
      ({
        ...registrationBodyOf(b),
        name: b.name,
        associationId: b.association_id,
        type: b.type,
        cast: b.cast,
        category: b.category,
        ageGroup: b.age_group,
        conductorName: b.conductor_name,
        numberOfMusicians: b.number_of_musicians,
        members: b.members,
        songs: b.songs,
        documentsComplete: b.documents_complete,
        locationId: b.location_id,
      }) satisfies CompetitionInput & { id: number | null; eventId: number | null; cancelledAtSent: Date | null | undefined },
  );

// the examples run against the demo data (prisma/demo.ts): event 4 "Wertungsspiele" (locations 11
// and 12); the demo has three competition registrations, the create example makes the fourth
const EXAMPLE = {
  name: "Jugendkapelle Musterstadt",
  association_id: 1,
  type: "K",
  cast: "JB",
  category: 2,
  conductor_name: "Karl Kapellmeister",
  number_of_musicians: 38,
  remarks: "Zwei Rollstuhlplätze",
  songs: [
    { name: "Festlicher Einzug", composer: "Hans Hornung", publisher: "Musikverlag Muster", arranger: null, duration: 420 },
    { name: "Bilder einer Landschaft", composer: "Erika Ehrlich", publisher: "Edition Beispiel", arranger: "Max Satz", duration: 600 },
  ],
  gdpr_accepted: true,
  cancellation_accepted: true,
};
const CREATED = 4;

export function competitionRoutes(r: RestRouter) {
  registrationRoutes(r, {
    list: COMPETITION_LIST,
    segment: "competition",
    tag: "Wertungsspiele",
    wire: CompetitionWire,
    body: CompetitionBody,
    include: WIRE_INCLUDE,
    toWire: (ctx, row: WireRow) => competitionToWire(ctx, row),
    create: async (ctx, eventId, i, key) => {
      const created = await createCompetition(ctx, eventId, { ...i, locationId: i.locationId ?? undefined }, key);
      // the answer from what the create already holds (no re-read)
      return competitionToWire(ctx, created.registration, { association: created.association, event: created.event });
    },
    update: (ctx, id, input, o) => updateCompetitionRegistration(ctx, id, input, o) as Promise<WireRow>,
    delete: deleteCompetitionRegistration,
    docs: {
      list: {
        summary: "Wertungsspielanmeldungen einer Veranstaltung auflisten",
        description:
          "Vereinsmitglieder sehen die Anmeldungen ihrer Vereine, registration_read/registration_manage alle der Veranstaltungen ihres Kreisverbands. " +
          "`locationId` grenzt auf einen Wertungsort ein, `search` sucht in Namen, Dirigent, Verein, Typ, Besetzung, Stufe und Wertungsort. " +
          "Die Filter `associationId` (Verein), `status` und `createdFrom`/`createdTo` (angelegt zwischen, Tage in Europe/Berlin) wirken zusammen und mit der Suche; " +
          "`status`: `live`, `cancelled`, `documents_incomplete` (Unterlagen unvollständig), `result_entered` (nur wer alle Ergebnisse sieht, sonst 400 VALIDATION), `result_published`; " +
          "`instrument`, `course` und `not_verified` gibt es nur bei D-Prüfungen (400 VALIDATION). " +
          "`sort` sortiert nach einer Spalte (wie `orderBy` der GraphQL-Übersicht, z. B. `cast`, `-level` absteigend); ohne: Name, ID. " +
          "`points` (ohne Punkte zuletzt, absteigend zuerst) nur für das Anmelde- und Ergebnispersonal des Kreisverbands, das alle Ergebnisse sieht; sonst 400 VALIDATION.",
        example: { params: { eventId: 4 }, query: { search: "Jugendkapelle", status: "documents_incomplete", createdTo: "2030-12-31", sort: "type" } },
      },
      get: {
        summary: "Eine Wertungsspielanmeldung lesen",
        description: "Für die Mitglieder des Vereins und das Anmeldepersonal des Kreisverbands; sonst 404.",
        example: { params: { id: CREATED } },
      },
      create: {
        summary: "Zu einem Wertungsspiel anmelden",
        description:
          "Vereinsmitglieder melden für ihre Vereine bis zum Anmeldeschluss an, registration_manage für jeden Verein des Kreisverbands jederzeit. " +
          "`cancelled_at`, `documents_complete` und `location_id` setzt nur registration_manage.",
        required: ["event_id", "name", "association_id", "type", "cast", "conductor_name", "number_of_musicians", "gdpr_accepted"],
        example: { body: { event_id: 4, ...EXAMPLE } },
      },
      put: {
        summary: "Wertungsspielanmeldung ändern oder stornieren",
        description:
          "Ändert die Anmeldung `id` (alle Felder wie beim Anlegen; in der Bearbeitungsphase SongsOnly nur die Stücke). " +
          "Ein Vereinsmitglied storniert, indem es `cancelled_at` sendet (endgültig; die Zeit setzt der Server). " +
          "registration_manage setzt `cancelled_at` und `documents_complete` wie gesendet.",
        example: { body: { id: CREATED, ...EXAMPLE, number_of_musicians: 41, documents_complete: true } },
      },
      delete: {
        summary: "Wertungsspielanmeldung löschen",
        description:
          "user_manage des Kreisverbands (wie die Spezifikation es schreibt), oder der Verein in der Bearbeitungsphase NoRestrictions. " +
          "Eine stornierte Anmeldung löscht nur registration_manage des Kreisverbands (Löschung auf Antrag), sonst 409.",
        // the registration the create example makes
        example: { params: { id: CREATED } },
      },
    },
  });
}
