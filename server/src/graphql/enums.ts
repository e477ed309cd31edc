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

export const FormTypeEnum = builder.enumType(FormType, {
  name: "FormType",
  description:
    "Event form type: DEXAM (D-Prüfungen), DEXAM_CAMP (D-Prüfungen Freizeit, with health data), COMPETITION (Wertungsspiele). /v1: dexam, dexam_camp, competition.",
});
export const EditPhaseEnum = builder.enumType(EditPhase, {
  name: "EditPhase",
  description:
    "What registrations may still change: NO_RESTRICTIONS (all; users may delete), SONGS_ONLY (songs only; cancel only), NONE (closed; cancel only).",
});
export const LocationTypeEnum = builder.enumType(LocationType, {
  name: "LocationType",
  description: "Theory exam, practice exam, preparation course (D-exams) or competition venue.",
});
export const DexamTypeEnum = builder.enumType(DexamType, { name: "DexamType", description: "D-exam course (Kurs): D1, D2, D3." });
export const CompetitionTypeEnum = builder.enumType(CompetitionType, {
  name: "CompetitionType",
  description: "Competition type: T traditional wind music, K concert, U entertainment, G chamber music, M marching, B wind classes.",
});
export const InstrumentEnum = builder.enumType(Instrument, { name: "Instrument", description: "The 20 instruments of the D-exams." });

export const GenderEnum = builder.enumType(Gender, { name: "Gender", description: "m, f, d (male, female, diverse)." });
export const ExamPartEnum = builder.enumType(ExamPart, { name: "ExamPart", description: "The part of a D-exam an existing partial result covers." });
export const MealRequestEnum = builder.enumType(MealRequest, { name: "MealRequest", description: "Camp meals: standard, vegetarian, vegan." });
export const VaccinationTypeEnum = builder.enumType(VaccinationType, { name: "VaccinationType", description: "fsme (tick-borne encephalitis), tetanus." });
export const CastEnum = builder.enumType(Cast, {
  name: "Cast",
  description:
    "Besetzung: S solo, SK solo with piano, E ensemble, BG wind group, P percussion ensemble (types B and G); B wind orchestra, JB youth wind orchestra, SL Spielleute (other types).",
});
export const CategoryEnum = builder.enumType(Category, { name: "Category", description: "Competition category 1 (very easy) to 6 (extremely hard)." });
export const DifficultyLevelEnum = builder.enumType(DifficultyLevel, { name: "DifficultyLevel", description: "Age group / level IA, IB, II..VI." });

export const EditScopeEnum = builder.enumType("EditScope", {
  description: "What the viewer may change: ALL fields, only the SONGS (edit phase SongsOnly), or NONE.",
  values: ["ALL", "SONGS", "NONE"] as const,
});
