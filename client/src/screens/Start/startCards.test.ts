import { describe, expect, it } from "vitest";
import { de } from "../../i18n/de";
import { groupLocations, newRegistrationState, orderStartEvents, registrationDialogTexts, showsCompetitionTypes } from "./startCards";

const loc = (name: string, type: string) => ({ name, type });

describe("start page cards", () => {
  it("[R-ST013][R-ST015] D-exam and camp cards show theory, practice and preparation groups in that order", () => {
    for (const formType of ["DEXAM", "DEXAM_CAMP"]) {
      const groups = groupLocations(formType, [loc("P", "DEXAM_PRACTICE"), loc("T", "DEXAM_THEORY"), loc("V", "DEXAM_PREPARATION")]);
      expect(groups.map((group) => de[group.titleKey])).toEqual(["Theorieprüfung", "Praxisprüfung", "Vorbereitungslehrgang"]);
      expect(groups.map((group) => group.locations.map((l) => l.name))).toEqual([["T"], ["P"], ["V"]]);
    }
  });

  it("[R-ST016][R-ST017] competition cards show one group of venues with their competition types", () => {
    const groups = groupLocations("COMPETITION", [loc("Halle", "COMPETITION"), loc("Fremd", "DEXAM_THEORY")]);
    expect(groups.map((group) => de[group.titleKey])).toEqual(["Wertungsspielorte"]);
    expect(groups[0].locations.map((l) => l.name)).toEqual(["Halle"]);
    expect(showsCompetitionTypes("COMPETITION")).toBe(true);
    expect(showsCompetitionTypes("DEXAM_PRACTICE")).toBe(false);
  });

  it("[R-ST018] an empty group stays (it reads 'Keine Termine vorhanden')", () => {
    const groups = groupLocations("DEXAM", [loc("T", "DEXAM_THEORY")]);
    expect(groups[1].locations).toEqual([]);
    expect(de["start.noDates"]).toBe("Keine Termine vorhanden");
  });

  it("[R-ST020][R-ST021][R-ST022][R-ST030] 'Neue Anmeldung' is disabled after the deadline, without clubs or with an incomplete profile", () => {
    expect(newRegistrationState({ deadlinePassed: false, clubCount: 1, profileComplete: true })).toEqual({ enabled: true, reasonKey: null });
    expect(newRegistrationState({ deadlinePassed: true, clubCount: 1, profileComplete: true })).toEqual({
      enabled: false,
      reasonKey: "start.disabled.deadline",
    });
    expect(newRegistrationState({ deadlinePassed: false, clubCount: 0, profileComplete: true })).toEqual({
      enabled: false,
      reasonKey: "start.disabled.noClub",
    });
    expect(newRegistrationState({ deadlinePassed: false, clubCount: 0, profileComplete: true, districtClubs: true })).toEqual({
      enabled: true,
      reasonKey: null,
    });
    expect(newRegistrationState({ deadlinePassed: true, clubCount: 0, profileComplete: true, districtClubs: true }).reasonKey).toBe("start.disabled.deadline");
    expect(newRegistrationState({ deadlinePassed: false, clubCount: 2, profileComplete: false })).toEqual({
      enabled: false,
      reasonKey: "start.disabled.incomplete",
    });
  });

  it("[R-ST024][R-ST025][R-ST026] the dialog title and piece section follow the form type", () => {
    expect(de[registrationDialogTexts("COMPETITION").titleKey]).toBe("Neue Wertungsspielanmeldung anlegen");
    expect(de[registrationDialogTexts("COMPETITION").songsKey]).toBe("Vortragsstücke");
    expect(de[registrationDialogTexts("DEXAM").titleKey]).toBe("Neue D-Prüfungsanmeldung anlegen");
    expect(de[registrationDialogTexts("DEXAM_CAMP").titleKey]).toBe("Neue D-Prüfungsanmeldung anlegen");
    expect(de[registrationDialogTexts("DEXAM_CAMP").songsKey]).toBe("Prüfungsstücke");
  });
});

describe("order of the start page's cards", () => {
  it("[R-ST023] lists the events open for registration first and those past their deadline below, each in the server's order", () => {
    const events = [
      { name: "Herbst", deadlinePassed: true },
      { name: "Frühjahr", deadlinePassed: false },
      { name: "Sommer", deadlinePassed: true },
      { name: "Wertungsspiele", deadlinePassed: false },
    ];
    expect(orderStartEvents(events).map((event) => event.name)).toEqual(["Frühjahr", "Wertungsspiele", "Herbst", "Sommer"]);
    expect(orderStartEvents([])).toEqual([]);
  });
});
