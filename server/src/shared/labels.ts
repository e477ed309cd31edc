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
// D-exam registration form
export const GENDER_LABELS = { M: "männlich", F: "weiblich", D: "divers" } as const;
export const MEAL_REQUEST_LABELS = { STANDARD: "Standard", VEGETARIAN: "Vegetarisch", VEGAN: "Vegan" } as const;
export const VACCINATION_LABELS = { FSME: "FSME (Zecken)", TETANUS: "Tetanus" } as const;
/** The part of an existing partial result ("Vorhandene Teilprüfung"). */
export const EXAM_PART_LABELS = { THEORY: "Theorie", PRACTICE: "Praxis" } as const;
export const DEXAM_TYPE_LABELS = { D1: "D1", D2: "D2", D3: "D3" } as const;
/** The four exam-piece rows of the instrument PERCUSSION (R-DF032); other instruments number their pieces. */
export const PERCUSSION_SONG_LABELS = ["Kleine Trommel", "Drumset", "Pauken", "Orchesterschlagwerk"] as const;

/**
 * German labels of the input fields (GraphQL's names; /v1's snake-case names are the same fields).
 * The one place that names a field in a message (auth/errors.ts validationMessage) reads them, so
 * no message shows an internal name ("gdprLink"); a test walks every input field of the schema.
 */
export const FIELD_LABELS: Record<string, string> = {
  address: "Adresse",
  after: "Position (nach)",
  ageGroup: "Altersgruppe",
  allergies: "Allergien",
  arranger: "Arrangeur",
  association: "Verein",
  associationId: "Verein",
  associations: "Vereine",
  associationIds: "Vereine",
  available: "Vorhanden",
  before: "Position (vor)",
  birthdate: "Geburtsdatum",
  camp: "Freizeitangaben",
  cancellationAccepted: "Stornobedingungen akzeptiert",
  cancellationConditions: "Stornobedingungen",
  cancelledAt: "Storniert am",
  cast: "Besetzung",
  category: "Kategorie",
  city: "Ort",
  competitionTypes: "Wertungsarten",
  composer: "Komponist",
  conductorName: "Dirigent",
  consentForm: "Einverständniserklärung",
  country: "Land",
  dataUrl: "Datei",
  date: "Datum",
  dateOfBirth: "Geburtsdatum",
  description: "Beschreibung",
  dexamTypes: "Kurse",
  direction: "Richtung",
  diseases: "Krankheiten",
  districtAssociation: "Kreisverband",
  districtAssociationId: "Kreisverband",
  documentsComplete: "Unterlagen vollständig",
  duration: "Dauer",
  editPhase: "Bearbeitungsphase",
  email: "E-Mail",
  emergencyContacts: "Notfallkontakt",
  end: "Ende",
  eventId: "Veranstaltung",
  existingPartialResultVerified: "Teilprüfung geprüft",
  expiration: "Automatische Löschung",
  externalSubject: "Externe Benutzerkennung",
  field: "Sortierspalte",
  file: "Datei",
  files: "Dateien",
  finishPublishing: "Veröffentlichung bis",
  first: "Anzahl",
  firstname: "Vorname",
  formType: "Art",
  from: "Von",
  gdprAccepted: "Datenschutzhinweise akzeptiert",
  gdprLink: "Datenschutz-URL",
  gradeKey: "Note (Sortierschlüssel)",
  gender: "Geschlecht",
  healthConsentAccepted: "Einwilligung in die Verarbeitung der Gesundheitsdaten",
  iamRef: "IAM-Referenz",
  id: "ID",
  idempotencyKey: "Wiederholungsschlüssel",
  ids: "Einträge",
  impressLink: "Impressum-URL",
  input: "Eingabe",
  instrument: "Instrument",
  instruments: "Instrumente",
  intolerances: "Unverträglichkeiten",
  invoiceEmail: "Rechnungs-E-Mail",
  last: "Anzahl (von hinten)",
  lastname: "Nachname",
  location: "Ort",
  locationId: "Veranstaltungsort",
  mealRequest: "Essenswunsch",
  members: "Mitgliederliste",
  name: "Name",
  number: "Nummer",
  numberOfMusicians: "Anzahl Musiker",
  orderBy: "Sortierung",
  partialResult: "Vorhandene Teilprüfung",
  phone: "Telefon",
  points: "Punkte",
  postcode: "Postleitzahl",
  practiceLocation: "Praxisprüfung",
  practiceLocationId: "Praxisprüfung",
  preparationLocation: "Vorbereitungslehrgang",
  preparationLocationId: "Vorbereitungslehrgang",
  privacyPolicy: "Datenschutzhinweise",
  publisher: "Verlag",
  publishResults: "Ergebnisse veröffentlicht",
  registration: "Anmeldung",
  registrationDeadline: "Anmeldeschluss",
  registrationId: "Anmeldung",
  remarks: "Bemerkungen",
  resultMails: "E-Mail bei Ergebnissen",
  roles: "Rollen",
  search: "Suche",
  signatureImage: "Unterschrift",
  songs: "Stück",
  songsCompleteKey: "Stücke vollständig (Sortierschlüssel)",
  sourceId: "Quellveranstaltung",
  start: "Beginn",
  startDay: "Neuer Beginn",
  startPublishing: "Veröffentlichung von",
  street: "Straße",
  targetId: "Zielveranstaltung",
  theoryLocation: "Theorieprüfung",
  theoryLocationId: "Theorieprüfung",
  theoryPoints: "Theoriepunkte",
  to: "Bis",
  type: "Typ",
  updatedSince: "Geändert seit",
  vaccinations: "Impfung",
  version: "Version",
  year: "Jahr",
};

/**
 * The German label of a field path: camp.emergencyContacts.0.phone -> "Freizeitangaben – Notfallkontakt 1 – Telefon".
 * A list index counts from 1 after the list's label; a segment without a label stays as it is
 * (the schema test keeps every input field labelled).
 */
export function fieldLabel(path: string): string {
  const parts: string[] = [];
  for (const segment of path.split(".")) {
    if (/^\d+$/.test(segment) && parts.length > 0) parts[parts.length - 1] += ` ${Number(segment) + 1}`;
    else parts.push(FIELD_LABELS[segment] ?? segment);
  }
  return parts.join(" – ");
}
