// Decision R-ER037: the confirmation texts the spec leaves open (district associations, events,
// locations, registrations to delete and to cancel, results), in the style of the given ones
// ("Möchten Sie … wirklich löschen?"), and each one asked by its screen before the call.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { de, type MessageKey } from "./de";
import { en } from "./en";

const SCREENS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../screens");

const DECIDED: [MessageKey, string, string][] = [
  [
    "districtAssociation.confirmDelete",
    "Möchten Sie den Kreisverband wirklich löschen? Dabei werden alle Benutzer, Vereine, Anmeldungen, Veranstaltungen, Veranstaltungsorte und Ergebnisse dieses Kreisverbands unwiderruflich gelöscht.",
    "DistrictAssociationManage/DistrictAssociationManageContent.tsx",
  ],
  [
    "event.confirmDelete",
    "Möchten Sie die Veranstaltung wirklich löschen? Alle Veranstaltungsorte, Anmeldungen und Ergebnisse dieser Veranstaltung werden gelöscht.",
    "EventManage/EventManageContent.tsx",
  ],
  ["location.confirmDelete", "Möchten Sie den Veranstaltungsort wirklich löschen?", "EventLocationManage/EventLocationManageContent.tsx"],
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
