// German validation messages of spec section 5. One source: the server sends them, the client
// imports this module (Vite alias @shared) for its form checks.
export const MSG = {
  required: "Dieses Feld ist ein Pflichtfeld",
  email: "Bitte eine gültige E-Mail Adresse eingeben",
  postcode: "Bitte eine gültige Postleitzahl eingeben",
  fileTooLarge: "Die Datei ist zu groß. Maximal 5 MB erlaubt",
  fileMissing: "Bitte eine Datei auswählen",
  fileType: "Dieser Dateityp ist nicht erlaubt",
  emergencyPhone: "Bitte eine gültige Telefonnummer eingeben",
  profilePhone: "Bitte eine gültige Telefonnummer inkl. internationaler Vorwahl eingeben (z.B. +49123456)",
  /** not from the spec: the district association's privacy and imprint links (shared/validation.ts webAddress) */
  webAddress: "Bitte eine gültige Adresse (https://...) eingeben",
  /** not from the spec: the signature image is no data URL of a JPEG or PNG (districts/rules.ts parseSignatureImage) */
  imageType: "Bitte ein Bild im Format .jpeg, .jpg oder .png hochladen",
  /** not from the spec: the signature image's bytes are no JPEG or PNG */
  imageInvalid: "Die Datei ist kein gültiges Bild",
  /** not from the spec: a /v1 date or time that is no date (the forms' pickers cannot send one; http/wireSchema.ts) */
  date: "Bitte ein gültiges Datum eingeben",
  /** not from the spec: the overview's "created between" filter with its end before its start */
  createdBetween: "Das Ende des Zeitraums liegt vor seinem Anfang",
  /** not from the spec: a decimal field's text is no number (shared/decimal.ts parseDecimal) */
  decimal: "Bitte eine Zahl eingeben, z. B. 2,5",
  /** not from the spec: two separators or grouped digits; a decimal field has no thousands separator (shared/decimal.ts) */
  decimalSeparator: "Bitte nur ein Komma (oder einen Punkt) vor den Nachkommastellen und keine Tausenderpunkte eingeben, z. B. 1000,5",
} as const;

/** D-exam registration messages (server rules and the client form). */
export const DEXAM_MSG = {
  birthdate: "Bitte ein gültiges Geburtsdatum eingeben",
  tooManySongs: "Höchstens vier Prüfungsstücke",
  locationForeign: "Dieser Ort gehört nicht zu dieser Veranstaltung",
  locationCourse: "Dieser Ort bietet den gewählten Kurs nicht an",
  locationInstrument: "An diesem Ort wird das gewählte Instrument nicht geprüft",
  noPart: "Bitte mindestens einen Prüfungsteil (Theorie oder Praxis) wählen",
  year: "Bitte ein gültiges Jahr eingeben",
  points: "Bitte eine Punktzahl mit höchstens zwei Nachkommastellen eingeben",
  theoryPassed: "Die Theorieprüfung ist als vorhandene Teilprüfung schon bestanden",
  practicePassed: "Die Praxisprüfung ist als vorhandene Teilprüfung schon bestanden",
  vaccinationDate: "Ohne Impfung kein Datum",
  /** not from the spec: camp data for an event that is no camp is refused, not dropped */
  campOnly: "Angaben zur Freizeit gibt es nur bei Freizeiten",
  /** camps: the explicit consent to the processing of health data (Art. 9(2)(a) GDPR), apart from the privacy notice */
  healthConsent:
    "Ohne Einwilligung in die Verarbeitung der Gesundheitsdaten durch eine sorgeberechtigte Person (oder mit deren Einverständnis) ist keine Anmeldung zur Freizeit möglich",
  healthConsentCampOnly: "Eine Einwilligung in die Verarbeitung von Gesundheitsdaten gibt es nur bei Freizeiten",
  date: "Bitte ein gültiges Datum eingeben",
  /** not from the spec: the overview's "created between" filter with its end before its start */
  createdBetween: "Das Ende des Zeitraums liegt vor seinem Anfang",
  /** not from the spec: health data only for the registering account and registration staff (docs/decisions.md) */
  campWithheld: "Angaben zur Freizeit und die Einverständniserklärung sehen nur das Konto, das angemeldet hat, und das Anmeldepersonal des Kreisverbands",
} as const;

/** Competition registration messages (the one competition schema, shared/competitionSchema.ts). */
export const COMPETITION_MSG = {
  /** 1..MAX_MUSICIANS (shared/competition.ts) */
  musicians: "Bitte eine ganze Zahl zwischen 1 und 1000 eingeben",
  castType: "Diese Besetzung passt nicht zum Wertungsspieltyp",
  ageGroupType: "Diese Altersgruppe passt nicht zum Wertungsspieltyp",
  noCategory: "Für diesen Wertungsspieltyp gibt es keine Kategorie",
  noAgeGroup: "Für diesen Wertungsspieltyp gibt es keine Altersgruppe",
  tooManySongs: "Höchstens vier Vortragsstücke",
  twoSongs: "Für diesen Wertungsspieltyp gibt es nur zwei Vortragsstücke",
  /** 1 s..MAX_DURATION_SECONDS (shared/competition.ts) */
  duration: "Bitte eine Dauer zwischen 00:01 und 60:00 eingeben",
  /** the text of a duration field is not mm:ss */
  durationFormat: "Bitte eine Dauer im Format mm:ss eingeben, z. B. 04:30",
} as const;

/** The result uploads' file types (shared/resultUploads.ts): the server's refusal and the client's check say the same. */
export const RESULT_UPLOAD_MSG = {
  practiceSheetType: "Dieser Dateityp ist nicht erlaubt; Praxisbögen sind .xlsx-Dateien (einzeln oder als .zip, wie der Blanko-Download sie liefert)",
  pcJurorType:
    "Dieser Dateityp ist nicht erlaubt; erwartet wird die PC-Juror-Datei (.xlsm) oder die Liste als Excel-Arbeitsmappe (.xlsx, in Excel oder LibreOffice „Speichern unter“)",
  zipWithoutSheets: "Die ZIP-Datei enthält keine Praxisbögen (.xlsx)",
} as const;

/** not from the spec: every text has a maximum length (validation.ts TEXT_LIMITS, the database columns the same) */
/** The event and location rules (shared/eventSchema.ts, locationSchema.ts). */
export const EVENT_MSG = {
  publishingWindow: "Das Ende der Veröffentlichung muss nach ihrem Beginn liegen",
  endBeforeStart: "Das Ende muss nach dem Beginn liegen",
  /** not from the spec: a camp holds health data and is never kept without a deletion day */
  campExpiration: "Für D-Prüfungen Freizeit ist die automatische Löschung ein Pflichtfeld",
} as const;

export const tooLong = (max: number) => `Bitte höchstens ${max} Zeichen eingeben`;
/** not from the spec: every list of an input has a maximum (shared/inputSchema.ts list) */
export const tooMany = (max: number) => `Bitte höchstens ${max} Einträge angeben`;

/** not from the spec: a sort of the overview by points for a caller who does not see every result (registrations/access.ts refuseHiddenResults) */
export const SORT_MSG = {
  resultsHidden: "Nach Punkten oder Note sortieren kann nur, wer alle Ergebnisse der Veranstaltung sieht (Anmelde- und Ergebnisverwaltung des Kreisverbands)",
  resultsEnteredHidden:
    "Nach eingetragenen Ergebnissen filtern kann nur, wer alle Ergebnisse der Veranstaltung sieht (Anmelde- und Ergebnisverwaltung des Kreisverbands); veröffentlichte Ergebnisse filtert jeder",
} as const;

/** /v1 values of the wrong JSON type or form (http/wireSchema.ts): refused, never coerced. The forms cannot send them. */
export const WIRE_MSG = {
  text: "Bitte einen Text eingeben",
  integer: "Bitte eine ganze Zahl eingeben",
  number: "Bitte eine Zahl eingeben",
  boolean: "Bitte true oder false angeben",
  value: "Dieser Wert ist nicht zulässig",
  object: "Bitte ein Objekt angeben",
  list: "Bitte eine Liste angeben",
} as const;

/** not from the spec: a GraphQL document beyond the limits checked before it is parsed (graphql/limits.ts documentLimits) */
export const DOCUMENT_MSG = {
  tooLong: (max: number) => `Das GraphQL-Dokument ist zu lang (höchstens ${max.toLocaleString("de-DE")} Zeichen); große Werte bitte als Variablen senden`,
  tooManyTokens: (max: number) => `Das GraphQL-Dokument ist zu umfangreich (höchstens ${max.toLocaleString("de-DE")} Token)`,
  tooDeep: (max: number) => `Die Anfrage ist zu tief verschachtelt (mehr als ${max} Klammerebenen)`,
} as const;

/** not from the spec: erasure and access requests for one person (docs/decisions.md "Erasure on request") */
export const ERASE_MSG = {
  notCamp: "Nur Anmeldungen zu Freizeiten haben Angaben zur Freizeit",
  campNotOver: "Die Angaben zur Freizeit können erst nach dem Ende der Freizeit gelöscht werden",
  nothingLeft: "Die Angaben zur Freizeit sind bereits gelöscht",
  personRequired: "Bitte Vorname, Nachname und Geburtsdatum angeben",
  birthdate: "Bitte ein Geburtsdatum ab 1900 im Format JJJJ-MM-TT angeben",
} as const;
