import { describe, expect, it } from "vitest";
import { de } from "./de";
import { en } from "./en";

describe("message catalogs", () => {
  it("[R-SH001][R-SH002] every German key exists in English and vice versa", () => {
    const deKeys = Object.keys(de).sort();
    const enKeys = Object.keys(en).sort();
    expect(deKeys.filter((key) => !(key in en))).toEqual([]);
    expect(enKeys.filter((key) => !(key in de))).toEqual([]);
  });

  it("[R-SH001] no catalog text is empty", () => {
    for (const catalog of [de, en]) {
      for (const [key, text] of Object.entries(catalog)) {
        expect(text.trim(), key).not.toBe("");
      }
    }
  });

  it.each([
    ["[R-ER005]", "error.association.delete", "Verein kann nicht gelöscht werden"],
    ["[R-ER005]", "error.associations.load", "Vereine können nicht geladen werden"],
    ["[R-ER006]", "error.districtAssociation.update", "Kreisverband kann nicht aktualisiert werden"],
    ["[R-ER007]", "error.user.addToAssociation", "Benutzer kann nicht zum Verein hinzugefügt werden"],
    ["[R-ER008]", "error.user.resendInvitation", "Einladungsnachricht kann nicht versendet werden"],
    ["[R-ER009]", "error.event.create", "Veranstaltung kann nicht angelegt werden"],
    ["[R-ER010]", "error.location.delete", "Veranstaltungsort kann nicht gelöscht werden"],
    ["[R-ER011]", "error.statistic.load", "Statistik kann nicht geladen werden"],
    ["[R-ER012]", "error.competitionRegistration.update", "Wertungsspielanmeldung kann nicht aktualisiert werden"],
    ["[R-ER013]", "error.competitionResults.upload", "Wertungsspielergebnisse konnten nicht hochgeladen werden"],
    ["[R-ER014]", "error.dexamRegistrations.load", "D-Prüfungsanmeldungen können nicht geladen werden"],
    ["[R-ER015]", "error.theoryResult.update", "Theorie-Prüfungsergebnis kann nicht aktualisiert werden"],
    ["[R-ER016]", "error.dexamResult.delete", "D-Prüfungsergebnis kann nicht gelöscht werden"],
    ["[R-ER017]", "error.practiceSheets.upload", "Praxisprüfungsblätter konnten nicht hochgeladen werden"],
    ["[R-ER018]", "error.partialResult.takeover", "D-Prüfungsteilergebnis kann nicht übernommen werden"],
    ["[R-ER020]", "error.download.blankPracticeSheets", "Blanko-Auswertungsbögen können nicht heruntergeladen werden"],
    ["[R-ER021]", "error.download.practiceSheets", "Auswertungsbögen können nicht heruntergeladen werden"],
    ["[R-ER022]", "error.download.practiceSheet", "Praxisbogen kann nicht heruntergeladen werden"],
    ["[R-ER023]", "error.download.consentForm", "Einverständniserklärung kann nicht heruntergeladen werden"],
    ["[R-ER024]", "error.download.consentForms", "Einverständniserklärungen können nicht heruntergeladen werden"],
    ["[R-ER025]", "error.download.certificateList", "Liste für Urkundendruck kann nicht heruntergeladen werden"],
    ["[R-ER026]", "error.download.pcJurorImport", "PC Juror Importliste kann nicht heruntergeladen werden"],
    ["[R-ER028][R-SH067]", "banner.incompleteProfile.title", "Fehler: Benutzerprofil unvollständig"],
    ["[R-ER029]", "success.association.create", "Neuer Verein wurde erfolgreich angelegt"],
    ["[R-ER030]", "success.districtAssociation.delete", "Kreisverband gelöscht"],
    ["[R-ER031]", "success.event.create", "Neue Veranstaltung wurde erfolgreich angelegt"],
    ["[R-ER032]", "success.location.update", "Veranstaltungsort aktualisiert"],
    ["[R-ER033]", "success.user.resendInvitation", "Einladungsnachricht wurde erfolgreich versendet"],
    ["[R-ER034]", "success.practiceSheets.upload", "Praxisprüfungsbögen erfolgreich hochgeladen"],
    ["[R-EN025]", "formType.dexam", "D-Prüfungen"],
    ["[R-EN025]", "formType.dexam_camp", "D-Prüfungen Freizeit"],
    ["[R-EN025]", "formType.competition", "Wertungsspiele"],
    ["[R-EN026]", "editPhase.NoRestrictions", "Keine Einschränkungen"],
    ["[R-EN026]", "editPhase.SongsOnly", "Nur Stücke"],
    ["[R-EN026]", "editPhase.None", "Geschlossen"],
  ] as const)('%s German text of %s is "%s"', (_id, key, text) => {
    expect(de[key]).toBe(text);
  });

  it('[R-ER005][R-ER006][R-ER007][R-ER009][R-ER010][R-ER012][R-ER014] every entity error text uses the "kann nicht …" style', () => {
    const entityErrors = Object.entries(de).filter(([key]) => key.startsWith("error.") && /\.(load|update|create|delete)$/.test(key));
    expect(entityErrors.length).toBeGreaterThanOrEqual(38);
    for (const [key, text] of entityErrors) {
      expect(text, key).toMatch(/(kann|können) nicht (geladen|aktualisiert|angelegt|gelöscht) werden$/);
    }
  });
});
