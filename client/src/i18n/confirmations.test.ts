// Decision R-ER037: the confirmation texts the spec leaves open (district associations, events,
// locations, registrations to delete and to cancel, results), in the style of the given ones
// ("Möchten Sie … wirklich löschen?"), and each one asked by its screen before the call.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { deleteConfirmText } from "../components/DeleteConfirmDialog";
import { de, type MessageKey } from "./de";
import { en } from "./en";
import { t } from "./translate";

const SCREENS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../screens");

const DECIDED: [MessageKey, string, string][] = [
  ["overview.confirmDelete", "Möchten Sie die D-Prüfungsanmeldung von {name} wirklich löschen?", "RegistrationOverview/DexamOverview.tsx"],
  [
    "overview.confirmCancel",
    "Möchten Sie die D-Prüfungsanmeldung von {name} wirklich stornieren? Die Stornierung kann nicht rückgängig gemacht werden.",
    "RegistrationOverview/DexamOverview.tsx",
  ],
  ["overview.competition.confirmDelete", "Möchten Sie die Wertungsspielanmeldung „{name}“ wirklich löschen?", "RegistrationOverview/CompetitionOverview.tsx"],
  [
    "overview.competition.confirmCancel",
    "Möchten Sie die Wertungsspielanmeldung „{name}“ wirklich stornieren? Die Stornierung kann nicht rückgängig gemacht werden.",
    "RegistrationOverview/CompetitionOverview.tsx",
  ],
  ["results.confirmDelete.theory", "Möchten Sie das Theorieergebnis von {name} wirklich löschen?", "ResultManage/DexamResults.tsx"],
  [
    "results.confirmDelete.practice",
    "Möchten Sie das Praxisergebnis von {name} wirklich löschen? Der hochgeladene Praxisbogen wird ebenfalls gelöscht.",
    "ResultManage/DexamResults.tsx",
  ],
];

describe("confirmation texts (decision R-ER037)", () => {
  it.each(DECIDED)("[R-ER037] %s reads as decided, has an English text and is asked by its screen", (key, text, screen) => {
    expect(de[key]).toBe(text);
    expect(en[key]).toMatch(/^Do you really want to (delete|cancel) /);
    expect(de[key]).toMatch(/^Möchten Sie .+ wirklich (löschen|stornieren)\?/);
    // placeholders are the same in both languages
    expect(en[key].match(/\{\w+\}/g) ?? []).toEqual(de[key].match(/\{\w+\}/g) ?? []);
    expect(fs.readFileSync(path.join(SCREENS, screen), "utf8")).toContain(`"${key}"`);
  });
});

/** The management screens' deletions: one question naming the object and what deleting takes with it. */
const DELETIONS: [string, string, string, string][] = [
  [
    "districtAssociation",
    "Musterstadt",
    "Möchten Sie den Kreisverband „Musterstadt“ wirklich löschen? Dabei werden alle Benutzer, Vereine, Anmeldungen, Veranstaltungen, Veranstaltungsorte und Ergebnisse dieses Kreisverbands unwiderruflich gelöscht.",
    "DistrictAssociationManage/DistrictAssociationManageContent.tsx",
  ],
  [
    "event",
    "Frühjahr",
    "Möchten Sie die Veranstaltung „Frühjahr“ wirklich löschen? Alle Veranstaltungsorte, Anmeldungen und Ergebnisse dieser Veranstaltung werden gelöscht.",
    "EventManage/EventManageContent.tsx",
  ],
  [
    "location",
    "Aula",
    "Möchten Sie den Veranstaltungsort „Aula“ wirklich löschen? Ein Veranstaltungsort, den Anmeldungen verwenden, kann nicht gelöscht werden.",
    "EventLocationManage/EventLocationManageContent.tsx",
  ],
  [
    "association",
    "MV Endzu",
    "Möchten Sie den Verein „MV Endzu“ wirklich löschen? Die Zuordnungen der Benutzer zu diesem Verein werden entfernt. Ein Verein mit Anmeldungen kann nicht gelöscht werden.",
    "AssociationManage/AssociationManageContent.tsx",
  ],
  [
    "user",
    "Erika Endzu",
    "Möchten Sie den Benutzer „Erika Endzu“ wirklich löschen? Das Benutzerkonto wird endgültig gelöscht; die Anmeldungen, die es angelegt hat, bleiben erhalten.",
    "UserManage/UserManageContent.tsx",
  ],
];

describe("delete confirmations of the management screens (decision R-ER037)", () => {
  it.each(DELETIONS)(
    "[R-ER036][R-ER037] %s: names the object and the consequence, asked by its screen through DeleteRecordDialog",
    (prefix, name, text, screen) => {
      const object = t(`${prefix}.deleteObject` as MessageKey);
      const consequence = t(`${prefix}.deleteConsequence` as MessageKey);
      expect(deleteConfirmText(object, name, consequence)).toBe(text);
      expect(en[`${prefix}.deleteObject` as MessageKey]).toMatch(/^the /);
      // the screen asks through DeleteRecordDialog, which asks DeleteConfirmDialog with "<prefix>.deleteObject" and "<prefix>.deleteConsequence"
      const source = fs.readFileSync(path.join(SCREENS, screen), "utf8");
      expect(source).toContain(`<DeleteRecordDialog entity="${prefix}"`);
      const dialog = fs.readFileSync(path.join(SCREENS, "../components/useManageDialogs.tsx"), "utf8");
      expect(dialog).toContain("<DeleteConfirmDialog");
      expect(dialog).toContain("object={t(`${entity}.deleteObject`)}");
      expect(dialog).toContain("consequence={t(`${entity}.deleteConsequence`)}");
    },
  );
});
