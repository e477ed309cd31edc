import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "../auth/permissions.ts";
import { songsComplete } from "../domains/dexam/rules.ts";
import * as Enums from "../generated/prisma/enums.ts";
import { ageGroupsFor } from "./competition.ts";
import {
  CAST_LABELS,
  CATEGORY_LABELS,
  COMPETITION_TYPE_LABELS,
  DEXAM_TYPE_LABELS,
  DIFFICULTY_LEVEL_LABELS,
  EDIT_PHASE_LABELS,
  EXAM_PART_LABELS,
  FORM_TYPE_LABELS,
  GENDER_LABELS,
  INSTRUMENT_LABELS,
  LOCATION_TYPE_LABELS,
  MEAL_REQUEST_LABELS,
  PERCUSSION_SONG_LABELS,
  VACCINATION_LABELS,
} from "./labels.ts";
import { ROLES } from "./roles.ts";

// the Prisma enums the labels name
const { Cast, Category, CompetitionType, DexamType, DifficultyLevel, EditPhase, ExamPart } = Enums;
const { FormType, Gender, Instrument, LocationType, MealRequest, VaccinationType } = Enums;

describe("German labels of the enumerations (decision R-EN043)", () => {
  const pairs: [string, Record<string, string>, Record<string, string>][] = [
    ["form types", FormType, FORM_TYPE_LABELS],
    ["edit phases", EditPhase, EDIT_PHASE_LABELS],
    ["courses", DexamType, DEXAM_TYPE_LABELS],
    ["location types", LocationType, LOCATION_TYPE_LABELS],
    ["competition types", CompetitionType, COMPETITION_TYPE_LABELS],
    ["casts", Cast, CAST_LABELS],
    ["categories", Category, CATEGORY_LABELS],
    ["age groups / difficulty levels", DifficultyLevel, DIFFICULTY_LEVEL_LABELS],
    ["genders", Gender, GENDER_LABELS],
    ["instruments", Instrument, INSTRUMENT_LABELS],
    ["meal requests", MealRequest, MEAL_REQUEST_LABELS],
    ["vaccination types", VaccinationType, VACCINATION_LABELS],
    ["exam parts", ExamPart, EXAM_PART_LABELS],
  ];

  it.each(pairs)("[R-EN043] every value of the %s has exactly one German label, and no two values share one", (_name, values, labels) => {
    expect(Object.keys(labels).sort()).toEqual(Object.values(values).sort());
    for (const text of Object.values(labels)) expect(text.trim()).not.toBe("");
    expect(new Set(Object.values(labels)).size).toBe(Object.keys(labels).length);
  });

  it("[R-EN043] the labels named by the decision", () => {
    expect(LOCATION_TYPE_LABELS).toEqual({
      DEXAM_THEORY: "Theorieprüfung",
      DEXAM_PRACTICE: "Praxisprüfung",
      DEXAM_PREPARATION: "Vorbereitungslehrgang",
      COMPETITION: "Wertungsspielort",
    });
    expect(CAST_LABELS.SL).toBe("Spielleute");
    expect(INSTRUMENT_LABELS).toMatchObject({ FLUTE: "Querflöte", EB_CLARINET: "Es-Klarinette", FRENCH_HORN: "Horn", PERCUSSION: "Schlagwerk" });
    expect(CATEGORY_LABELS).toMatchObject({ CAT_1: "1 – sehr leicht", CAT_5: "5 – sehr schwer" });
  });
});

describe("enumerations of spec section 3", () => {
  it("[R-EN027] the D-exam courses are D1, D2 and D3", () => {
    expect(Object.values(DexamType)).toEqual(["D1", "D2", "D3"]);
    expect(DEXAM_TYPE_LABELS).toEqual({ D1: "D1", D2: "D2", D3: "D3" });
  });

  it("[R-EN029][R-EN030] the difficulty levels IA, IB, II..VI are the age groups of type G; type B uses II..VI (decision R-EN030)", () => {
    expect(Object.values(DifficultyLevel)).toEqual(["IA", "IB", "II", "III", "IV", "V", "VI"]);
    expect(ageGroupsFor("G")).toEqual(Object.values(DifficultyLevel));
    expect(ageGroupsFor("B")).toEqual(["II", "III", "IV", "V", "VI"]);
    for (const other of ["T", "K", "U", "M"] as const) expect(ageGroupsFor(other)).toEqual([]);
  });

  it("[R-EN031] competition types T, K, U, G, M, B: traditional, concert, entertainment, chamber, marching music and wind classes", () => {
    expect(Object.values(CompetitionType)).toEqual(["T", "K", "U", "G", "M", "B"]);
    expect(Object.keys(COMPETITION_TYPE_LABELS)).toEqual(["T", "K", "U", "G", "M", "B"]);
    expect(Object.values(COMPETITION_TYPE_LABELS).join(" | ")).toBe(
      "T – Traditionelle Blasmusik | K – Konzertmusik | U – Unterhaltungsmusik | G – Kammermusik | M – Marschmusik | B – Bläserklassen",
    );
  });

  it("[R-EN036] genders m, f, d: male, female, diverse", () => {
    expect(Object.values(Gender)).toEqual(["M", "F", "D"]);
    expect(GENDER_LABELS).toEqual({ M: "männlich", F: "weiblich", D: "divers" });
  });

  it("[R-EN038][R-EN039] meal requests standard, vegetarian, vegan; vaccinations FSME (tick-borne encephalitis) and tetanus", () => {
    expect(Object.values(MealRequest)).toEqual(["STANDARD", "VEGETARIAN", "VEGAN"]);
    expect(MEAL_REQUEST_LABELS).toEqual({ STANDARD: "Standard", VEGETARIAN: "Vegetarisch", VEGAN: "Vegan" });
    expect(Object.values(VaccinationType)).toEqual(["FSME", "TETANUS"]);
    expect(VACCINATION_LABELS).toEqual({ FSME: "FSME (Zecken)", TETANUS: "Tetanus" });
  });

  it("[R-EN040] percussion pieces are small drum, drum set, timpani, orchestral percussion (no number); other instruments number their pieces", () => {
    expect(PERCUSSION_SONG_LABELS).toEqual(["Kleine Trommel", "Drumset", "Pauken", "Orchesterschlagwerk"]);
    const named = PERCUSSION_SONG_LABELS.map((_, i) => ({ number: null, name: `Stück ${i + 1}` }));
    expect(songsComplete({ practiceLocationId: 1, instrument: "PERCUSSION", songs: named })).toBe(true);
    expect(songsComplete({ practiceLocationId: 1, instrument: "TRUMPET", songs: named })).toBe(false);
    const numbered = named.map((s, i) => ({ ...s, number: String(i + 1) }));
    expect(songsComplete({ practiceLocationId: 1, instrument: "TRUMPET", songs: numbered })).toBe(true);
  });

  it("[R-EN021] invoice_read and invoice_manage cover billing only: invoice_read reads, invoice_manage also sets and issues; no other operation names them", () => {
    expect(ROLES).toEqual(expect.arrayContaining(["invoice_read", "invoice_manage"]));
    const naming = (role: string) =>
      Object.entries(PERMISSIONS)
        .filter(([, p]) =>
          (p.access === "signedIn" ? ("districtRoles" in p ? (p.districtRoles as readonly string[]) : []) : (p.access as readonly string[])).includes(role),
        )
        .map(([op]) => op);
    for (const op of [...naming("invoice_read"), ...naming("invoice_manage")]) expect(op, op).toMatch(/^invoice/);
    expect(naming("invoice_manage")).toEqual(
      expect.arrayContaining(["invoice.issue", "invoice.cancel", "invoice.credit", "invoiceFees.update", "invoiceSeller.update"]),
    );
    expect(naming("invoice_read")).toEqual(expect.arrayContaining(["invoice.list", "invoice.read", "invoiceFees.read", "invoiceSeller.read"]));
    for (const op of ["invoice.issue", "invoice.cancel", "invoice.credit", "invoiceFees.update", "invoiceSeller.update", "invoiceBilling.update"])
      expect(naming("invoice_read"), op).not.toContain(op);
  });
});
