/**
 * The rules the issue asks every relevant help page to state, word for word the same wherever they
 * appear (the content test looks for them).
 */
export const FOUR_WEEKS_RULE =
  "Bitte tragen Sie die Stücke spätestens 4 Wochen vor der Prüfung bzw. dem Wertungsspiel ein. Sie können sie auch nach dem Absenden in der Anmeldungsübersicht nachtragen.";

export const PHONE_PREFIX_RULE =
  "Telefonnummern bitte immer mit internationaler Vorwahl eingeben, z. B. +49 171 1234567. Nur so erreicht man Sie auch aus dem Ausland zuverlässig.";

export const NEVER_RENAME_RULE =
  "Benennen Sie die Praxisbögen niemals um! Der Dateiname ordnet jeden Bogen seiner Anmeldung zu. Umbenannte Bögen können nicht zugeordnet werden und werden beim Hochladen abgelehnt.";

export const PUBLISHING_RULE =
  "Ergebnisse sind nach dem Eintragen zunächst nicht veröffentlicht. D-Prüfungsergebnisse werden je Prüfungsort mit dem Schalter „Ergebnisse veröffentlichen?“ freigegeben; Wertungsspielergebnisse erst, wenn der Schalter bei allen Orten der Veranstaltung eingeschaltet ist.";

/** The limits of an uploaded workbook (server/src/domains/results/xlsx.ts, workers/pool.ts; docs/api.md section 8). */
export const UPLOAD_LIMITS_RULE =
  "Eine hochgeladene Excel-Datei darf höchstens 5 MB groß sein und in allen Tabellenblättern zusammen höchstens 100.000 Zeilen und 300.000 Zellen enthalten; größere Dateien werden mit einer Fehlermeldung abgelehnt. Werden gerade viele Dateien verarbeitet, bittet das System, es in einigen Sekunden erneut zu versuchen.";
