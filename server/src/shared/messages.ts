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
  /** not from the spec: names and e-mail addresses are indexed and have a length limit (validation.ts nameLength) */
  tooLong: "Bitte höchstens 200 Zeichen eingeben",
  /** not from the spec: a /v1 date that is no date (the forms' pickers cannot send one) */
  date: "Bitte ein gültiges Datum eingeben",
} as const;

/** D-exam registration messages (server rules and the client form). */
export const DEXAM_MSG = {
  birthdate: "Bitte ein gültiges Geburtsdatum eingeben",
  locationForeign: "Dieser Ort gehört nicht zu dieser Veranstaltung",
  locationCourse: "Dieser Ort bietet den gewählten Kurs nicht an",
  locationInstrument: "An diesem Ort wird das gewählte Instrument nicht geprüft",
  noPart: "Bitte mindestens einen Prüfungsteil (Theorie oder Praxis) wählen",
  year: "Bitte ein gültiges Jahr eingeben",
  points: "Bitte eine Punktzahl mit höchstens zwei Nachkommastellen eingeben",
  theoryPassed: "Die Theorieprüfung ist als vorhandene Teilprüfung schon bestanden",
  practicePassed: "Die Praxisprüfung ist als vorhandene Teilprüfung schon bestanden",
  vaccinationDate: "Ohne Impfung kein Datum",
  date: "Bitte ein gültiges Datum eingeben",
} as const;
