// The GraphQL enums of spec section 3, from the Prisma enums (code-safe identifiers; /v1 uses the
// spec's strings via domains/wire.ts, the client shows German labels from its catalog).
import {
  Cast,
  Category,
  CompetitionType,
  DexamType,
  DifficultyLevel,
  EditPhase,
  ExamPart,
  FormType,
  Gender,
  Instrument,
  LocationType,
  MealRequest,
  VaccinationType,
} from "../generated/prisma/enums.ts";
import { builder } from "./builder.ts";

/** The GraphQL enum of a Prisma enum, with a description for the type and each value (Prisma enums' keys equal their values). */
function prismaEnum<K extends string>(name: string, _values: Record<K, K>, description: string, descriptions: Record<K, string>) {
  const values = Object.fromEntries(Object.entries(descriptions).map(([k, d]) => [k, { description: d }])) as Record<K, { description: string }>;
  return builder.enumType(name, { values, description });
}

export const FormTypeEnum = prismaEnum(
  "FormType",
  FormType,
  "Event form type: DEXAM (D-Prüfungen), DEXAM_CAMP (D-Prüfungen Freizeit, with health data), COMPETITION (Wertungsspiele). /v1: dexam, dexam_camp, competition.",
  {
    DEXAM: "D-Prüfungen: graded exams D1-D3 (form type dexam).",
    DEXAM_CAMP: "D-Prüfungen Freizeit: graded exams during a holiday camp, with health data (dexam_camp).",
    COMPETITION: "Wertungsspiele: competitions (competition).",
  },
);
export const EditPhaseEnum = prismaEnum(
  "EditPhase",
  EditPhase,
  "What registrations may still change: NO_RESTRICTIONS (all; users may delete), SONGS_ONLY (songs only; cancel only), NONE (closed; cancel only).",
  {
    NO_RESTRICTIONS: "Everything may change; users may delete their registrations.",
    SONGS_ONLY: "Only the songs of competition registrations may change; registrations may only be cancelled.",
    NONE: "Closed: nothing may change; registrations may only be cancelled.",
  },
);
export const LocationTypeEnum = prismaEnum("LocationType", LocationType, "Theory exam, practice exam, preparation course (D-exams) or competition venue.", {
  DEXAM_THEORY: "Where the theory part of a D-exam takes place.",
  DEXAM_PRACTICE: "Where the practical part of a D-exam takes place.",
  DEXAM_PREPARATION: "Where the preparation course (Vorbereitungskurs) of a D-exam takes place.",
  COMPETITION: "Venue of a competition (Wertungsspiel).",
});
export const DexamTypeEnum = prismaEnum("DexamType", DexamType, "D-exam course (Kurs): D1, D2, D3.", {
  D1: "D1 (bronze), the first graded exam.",
  D2: "D2 (silver), the second graded exam.",
  D3: "D3 (gold), the third graded exam.",
});
export const CompetitionTypeEnum = prismaEnum(
  "CompetitionType",
  CompetitionType,
  "Competition type: T traditional wind music, K concert, U entertainment, G chamber music, M marching, B wind classes.",
  {
    T: "Traditional wind music (traditionelle Blasmusik).",
    K: "Concert (Konzertwertung).",
    U: "Entertainment music (Unterhaltungsmusik).",
    G: "Chamber music / small groups (Kammermusik).",
    M: "Marching (Marschmusik).",
    B: "Wind classes (Bläserklassen).",
  },
);
export const InstrumentEnum = prismaEnum("Instrument", Instrument, "The 20 instruments of the D-exams.", {
  PICCOLO: "Piccolo.",
  FLUTE: "Flute (Querflöte).",
  OBOE: "Oboe.",
  BASSOON: "Bassoon (Fagott).",
  EB_CLARINET: "E-flat clarinet (Es-Klarinette).",
  CLARINET: "Clarinet (Klarinette).",
  BASS_CLARINET: "Bass clarinet (Bassklarinette).",
  ALTO_SAXOPHONE: "Alto saxophone (Altsaxophon).",
  TENOR_SAXOPHONE: "Tenor saxophone (Tenorsaxophon).",
  BARITONE_SAXOPHONE: "Baritone saxophone (Baritonsaxophon).",
  TRUMPET: "Trumpet (Trompete).",
  FLUGELHORN: "Flugelhorn (Flügelhorn).",
  FRENCH_HORN: "French horn (Horn).",
  TENOR_HORN: "Tenor horn (Tenorhorn).",
  BARITONE_HORN: "Baritone horn (Bariton).",
  TROMBONE: "Trombone (Posaune).",
  BASS_TROMBONE: "Bass trombone (Bassposaune).",
  TUBA: "Tuba.",
  PERCUSSION: "Percussion (Schlagzeug).",
  MALLETS: "Mallets (Stabspiele).",
});

export const GenderEnum = prismaEnum("Gender", Gender, "m, f, d (male, female, diverse).", {
  M: "male (männlich).",
  F: "female (weiblich).",
  D: "diverse (divers).",
});
export const ExamPartEnum = prismaEnum("ExamPart", ExamPart, "The part of a D-exam an existing partial result covers.", {
  THEORY: "The theory part.",
  PRACTICE: "The practical part.",
});
export const MealRequestEnum = prismaEnum("MealRequest", MealRequest, "Camp meals: standard, vegetarian, vegan.", {
  STANDARD: "Standard meals.",
  VEGETARIAN: "Vegetarian meals.",
  VEGAN: "Vegan meals.",
});
export const VaccinationTypeEnum = prismaEnum("VaccinationType", VaccinationType, "fsme (tick-borne encephalitis), tetanus.", {
  FSME: "Tick-borne encephalitis (FSME).",
  TETANUS: "Tetanus.",
});
export const CastEnum = prismaEnum(
  "Cast",
  Cast,
  "Besetzung: S solo, SK solo with piano, E ensemble, BG wind group, P percussion ensemble (types B and G); B wind orchestra, JB youth wind orchestra, SL Spielleute (other types).",
  {
    S: "Solo.",
    SK: "Solo with piano (Solo mit Klavier).",
    E: "Ensemble.",
    BG: "Wind group (Bläsergruppe).",
    P: "Percussion ensemble.",
    B: "Wind orchestra (Blasorchester).",
    JB: "Youth wind orchestra (Jugendblasorchester).",
    SL: "Spielleute (drum and fife corps).",
  },
);
export const CategoryEnum = prismaEnum("Category", Category, "Competition category 1 (very easy) to 6 (extremely hard).", {
  CAT_1: "Category 1: very easy.",
  CAT_2: "Category 2: easy.",
  CAT_3: "Category 3: medium.",
  CAT_4: "Category 4: difficult.",
  CAT_5: "Category 5: very difficult.",
  CAT_6: "Category 6: extremely difficult.",
});
export const DifficultyLevelEnum = prismaEnum("DifficultyLevel", DifficultyLevel, "Age group / level IA, IB, II..VI.", {
  IA: "Level IA (youngest / easiest).",
  IB: "Level IB.",
  II: "Level II.",
  III: "Level III.",
  IV: "Level IV.",
  V: "Level V.",
  VI: "Level VI (highest).",
});

export const EditScopeEnum = builder.enumType("EditScope", {
  description: "What the viewer may change: ALL fields, only the SONGS (edit phase SongsOnly), or NONE.",
  values: {
    ALL: { description: "All fields." },
    SONGS: { description: "Only the songs (edit phase SONGS_ONLY)." },
    NONE: { description: "Nothing." },
  } as const,
});

export const OrderDirectionEnum = builder.enumType("OrderDirection", {
  description: "Direction of a list's sort order.",
  values: {
    ASC: { description: "Ascending: A to Z (German order), oldest first, active before cancelled." },
    DESC: { description: "Descending: Z to A, newest first, cancelled before active." },
  } as const,
});
