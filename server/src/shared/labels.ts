// German display labels of the enumerations (decision R-EN043), shared by the server
// (statistics, exports) and the client.
export const FORM_TYPE_LABELS = { DEXAM: "D-Prüfungen", DEXAM_CAMP: "D-Prüfungen Freizeit", COMPETITION: "Wertungsspiele" } as const;
export const EDIT_PHASE_LABELS = { NO_RESTRICTIONS: "Keine Einschränkungen", SONGS_ONLY: "Nur Stücke", NONE: "Geschlossen" } as const;
export const LOCATION_TYPE_LABELS = {
  DEXAM_THEORY: "Theorieprüfung",
  DEXAM_PRACTICE: "Praxisprüfung",
  DEXAM_PREPARATION: "Vorbereitungslehrgang",
  COMPETITION: "Wertungsspielort",
} as const;
export const COMPETITION_TYPE_LABELS = {
  T: "T – Traditionelle Blasmusik",
  K: "K – Konzertmusik",
  U: "U – Unterhaltungsmusik",
  G: "G – Kammermusik",
  M: "M – Marschmusik",
  B: "B – Bläserklassen",
} as const;
export const CAST_LABELS = {
  S: "Solo",
  SK: "Solo mit Klavier",
  E: "Ensemble",
  BG: "Bläsergruppe",
  P: "Schlagwerkensemble",
  B: "Blasorchester",
  JB: "Jugendblasorchester",
  SL: "Spielleute",
} as const;
export const CATEGORY_LABELS = {
  CAT_1: "1 – sehr leicht",
  CAT_2: "2 – leicht",
  CAT_3: "3 – mittelschwer",
  CAT_4: "4 – schwer",
  CAT_5: "5 – sehr schwer",
  CAT_6: "6 – höchste Schwierigkeit",
} as const;
/** Difficulty levels as age groups of types B (II..VI) and G (IA, IB, II..VI). */
export const DIFFICULTY_LEVEL_LABELS = { IA: "IA", IB: "IB", II: "II", III: "III", IV: "IV", V: "V", VI: "VI" } as const;
export const INSTRUMENT_LABELS = {
  FLUTE: "Querflöte",
  PICCOLO: "Piccoloflöte",
  OBOE: "Oboe",
  BASSOON: "Fagott",
  CLARINET: "Klarinette",
  EB_CLARINET: "Es-Klarinette",
  BASS_CLARINET: "Bassklarinette",
  ALTO_SAXOPHONE: "Altsaxophon",
  TENOR_SAXOPHONE: "Tenorsaxophon",
  BARITONE_SAXOPHONE: "Baritonsaxophon",
  TRUMPET: "Trompete",
  FLUGELHORN: "Flügelhorn",
  FRENCH_HORN: "Horn",
  TROMBONE: "Posaune",
  BASS_TROMBONE: "Bassposaune",
  TENOR_HORN: "Tenorhorn",
  BARITONE_HORN: "Bariton",
  TUBA: "Tuba",
  PERCUSSION: "Schlagwerk",
  MALLETS: "Mallets",
} as const;
// D-exam registration form (issue 5)
export const GENDER_LABELS = { M: "männlich", F: "weiblich", D: "divers" } as const;
export const MEAL_REQUEST_LABELS = { STANDARD: "Standard", VEGETARIAN: "Vegetarisch", VEGAN: "Vegan" } as const;
export const VACCINATION_LABELS = { FSME: "FSME (Zecken)", TETANUS: "Tetanus" } as const;
/** The part of an existing partial result ("Vorhandene Teilprüfung"). */
export const EXAM_PART_LABELS = { THEORY: "Theorie", PRACTICE: "Praxis" } as const;
export const DEXAM_TYPE_LABELS = { D1: "D1", D2: "D2", D3: "D3" } as const;
/** The four exam-piece rows of the instrument PERCUSSION (R-DF032); other instruments number their pieces. */
export const PERCUSSION_SONG_LABELS = ["Kleine Trommel", "Drumset", "Pauken", "Orchesterschlagwerk"] as const;
