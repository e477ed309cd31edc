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
} as const;
