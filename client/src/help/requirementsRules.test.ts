import { describe, expect, it } from "vitest";
import type { HelpRouteName } from "../routes/routeTable";
import { helpPages } from "./content";
import { FOUR_WEEKS_RULE, NEVER_RENAME_RULE, PHONE_PREFIX_RULE } from "./rules";
import type { HelpBlock } from "./types";

/** The boxes of a help page that state `text`, as "kind" (info, warning, error). */
function boxesStating(page: HelpRouteName, text: string): string[] {
  return helpPages[page].items
    .flatMap((item): readonly HelpBlock[] => item.blocks)
    .flatMap((block) => (block.kind === "box" && block.text === text ? [block.box] : []));
}

describe("rules the help states", () => {
  it("[R-VA047] the help asks for the pieces at least 4 weeks before the exam or competition, as guidance where registrations are made and completed", () => {
    expect(FOUR_WEEKS_RULE).toMatch(/spätestens 4 Wochen vor der Prüfung bzw\. dem Wertungsspiel/);
    // guidance, not a rule: it says the pieces can still be entered later
    expect(FOUR_WEEKS_RULE).toMatch(/auch nach dem Absenden in der Anmeldungsübersicht nachtragen/);
    expect(boxesStating("startPageHelp", FOUR_WEEKS_RULE).length).toBeGreaterThan(0);
    expect(boxesStating("registrationOverviewHelp", FOUR_WEEKS_RULE)).toEqual(["info"]);
  });

  it("[R-VA048] the help states that phone numbers need the international prefix, wherever a phone is entered", () => {
    expect(PHONE_PREFIX_RULE).toMatch(/Telefonnummern bitte immer mit internationaler Vorwahl eingeben, z\. B\. \+49/);
    for (const page of ["userAccountHelp", "startPageHelp", "userManageHelp"] as const)
      expect(boxesStating(page, PHONE_PREFIX_RULE), page).toEqual(["warning"]);
  });

  it("[R-VA049] the help states that practice sheet file names must not be changed, or the results cannot be matched", () => {
    expect(NEVER_RENAME_RULE).toMatch(/niemals um/);
    expect(NEVER_RENAME_RULE).toMatch(/Der Dateiname ordnet jeden Bogen seiner Anmeldung zu/);
    expect(NEVER_RENAME_RULE).toMatch(/Umbenannte Bögen können nicht zugeordnet werden/);
    expect(boxesStating("resultManageHelp", NEVER_RENAME_RULE)).toEqual(["error"]);
  });
});
