// Registration overview journeys in Debian's Chromium against the demo data (spec section 2
// "Registration overview"): a member sees the own club's D-exam registrations, registration staff
// see every club's, the row menu follows the server's rules (delete, cancel, take over a partial
// result), camp events offer the staff the consent forms. The demo data is shared with the other
// specs of the run: every journey uses its own candidates and counts nothing others may change.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNotice, fillDate, graphql, rowAction, signIn } from "./support.ts";

/** The overview with one event chosen; returns its D-exam table. */
async function openOverview(page: Page, event: string): Promise<Locator> {
  await page.goto("/#/registration/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Anmeldungsübersicht" })).toBeVisible();
  await chooseEvent(page, event);
  return page.getByRole("table", { name: "D-Prüfungsanmeldungen" });
}

async function chooseEvent(page: Page, event: string) {
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: event, exact: true }).click();
}

function row(table: Locator, name: string): Locator {
  return table.getByRole("row", { name: new RegExp(name) });
}

async function menuEntries(page: Page, name: string): Promise<string[]> {
  await page.getByRole("button", { name: `Aktionen für ${name}` }).click();
  const items = page.getByRole("menuitem");
  await expect(items.first()).toBeVisible();
  const entries = (await items.allTextContents()).map((text) => text.trim());
  await page.keyboard.press("Escape");
  await expect(items).toHaveCount(0);
  return entries;
}

const CANCELLED = /^Storniert am \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} Uhr$/;

test("[R-RO001][R-RO002][R-RO004][R-RO007][R-RO008][R-RO009][R-RO010][R-RO011][R-RO012][R-RO013][R-RO014][R-RO018][R-RO019] a member sees the own club's spring registrations, the cancelled one greyed with its date, and enters the exam pieces later", async ({
  page,
}) => {
  await signIn(page, "member@demo.test");
  await page.goto("/#/registration/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Anmeldungsübersicht" })).toBeVisible();
  await expect(page).toHaveTitle("Anmeldungsübersicht - Anmeldesystem");

  // the district association is the member's own and fixed; the events are those of the district, past ones too
  const district = page.getByRole("main").getByRole("combobox", { name: "Kreisverband" });
  await expect(district).toHaveText(/Kreisverband Musterstadt/);
  await expect(district).toBeDisabled();
  // the next upcoming event is chosen already (the spring exams), and the URL names it
  await expect(page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true })).toHaveText(/D-Prüfungen Frühjahr/);
  await expect(page).toHaveURL(/[?&]event=\d+/);
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  for (const event of ["D-Prüfungen Frühjahr", "D-Prüfungen Herbst Vorjahr", "D-Prüfungen Freizeit Sommer", "Wertungsspiele"]) {
    await expect(page.getByRole("option", { name: event, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("option", { name: "D-Prüfungen Herbst Beispieltal" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // competitions have their own table (tests/e2e/competition.spec.ts)
  await chooseEvent(page, "Wertungsspiele");
  await expect(page.getByRole("table", { name: "Wertungsspielanmeldungen" })).toBeVisible();

  await chooseEvent(page, "D-Prüfungen Frühjahr");
  const table = page.getByRole("table", { name: "D-Prüfungsanmeldungen" });
  for (const header of ["ID", "Vorname", "Nachname", "Verein", "Instrument", "Kurs", "Stücke", "Theorie", "Praxis", "Note"]) {
    await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  // own club only (R-RO014)
  const clara = row(table, "Clara Klarinette");
  await expect(clara).toContainText("Musikverein Musterstadt");
  await expect(clara).toContainText("Klarinette");
  await expect(clara).toContainText("D2");
  await expect(clara).toContainText("fehlen");
  await expect(row(table, "Felix Flöte")).toContainText("vollständig");
  await expect(row(table, "Sven Saxofon")).toHaveCount(0);

  // the cancelled registration: greyed, with the cancel symbol "Storniert am … Uhr" (R-RO011..R-RO013)
  const tina = row(table, "Tina Trompete");
  await expect(tina).toHaveAttribute("data-cancelled", "true");
  const symbol = tina.getByRole("img", { name: CANCELLED });
  await expect(symbol).toBeVisible();
  await expect(symbol).toHaveAttribute("title", CANCELLED);
  await expect(row(table, "Clara Klarinette")).not.toHaveAttribute("data-cancelled");

  // the row menu follows the server's rules: phase NoRestrictions lets the club delete; a cancelled row is only viewed
  expect(await menuEntries(page, "Tina Trompete")).toEqual(["Ansehen"]);
  expect(await menuEntries(page, "Felix Flöte")).toEqual(["Bearbeiten", "In den Kalender", "Löschen"]);

  // keyboard: the menu opens with Enter, the arrow keys move to "Löschen", Enter asks first, Escape keeps the registration
  await page.getByRole("button", { name: "Aktionen für Felix Flöte" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Bearbeiten" })).toBeVisible();
  await page.keyboard.press("ArrowDown"); // "In den Kalender"
  await page.keyboard.press("ArrowDown"); // "Löschen"
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Möchten Sie die D-Prüfungsanmeldung von Felix Flöte wirklich löschen?");
  await expect(confirm.getByRole("button", { name: "Abbrechen" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(row(table, "Felix Flöte")).toBeVisible();

  // the search filters on the server (R-RO009)
  await page.getByRole("searchbox", { name: "Suche" }).fill("Flöte");
  await expect(row(table, "Clara Klarinette")).toHaveCount(0);
  await expect(row(table, "Felix Flöte")).toBeVisible();
  await page.getByRole("searchbox", { name: "Suche" }).fill("");
  await expect(row(table, "Clara Klarinette")).toBeVisible();

  // the exam pieces are entered later, from the row menu (R-RO018)
  await rowAction(page, "Clara Klarinette", "Bearbeiten");
  const edit = page.getByRole("dialog", { name: "D-Prüfungsanmeldung bearbeiten" });
  const pieces = [
    ["5", "Sonatine"],
    ["9", "Romanze"],
    ["14", "Etüde in F"],
    ["2", "Tonleitern"],
  ];
  for (const [index, [number, title]] of pieces.entries()) {
    const group = edit.getByRole("group", { name: `${index + 1}. Prüfungsstück` });
    await group.getByLabel("Nummer").fill(number);
    await group.getByLabel("Titel").fill(title);
  }
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "D-Prüfungsanmeldung aktualisiert");
  await expect(edit).toBeHidden();
  await expect(row(table, "Clara Klarinette")).toContainText("vollständig");
});

test("[R-RO016][R-RO017][R-RO008][R-RO029][R-API035] registration_read sees every club's registrations read-only and downloads the camp consent forms", async ({
  page,
}) => {
  await signIn(page, "reader@demo.test");
  const table = await openOverview(page, "D-Prüfungen Frühjahr");
  await expect(row(table, "Clara Klarinette")).toBeVisible();
  await expect(row(table, "Sven Saxofon")).toContainText("Stadtkapelle Musterstadt");
  await expect(row(table, "Tina Trompete")).toHaveAttribute("data-cancelled", "true");
  expect(await menuEntries(page, "Clara Klarinette")).toEqual(["Ansehen", "In den Kalender"]);

  // published results: points with two decimals, the grade as text
  await chooseEvent(page, "D-Prüfungen Herbst Vorjahr");
  await expect(row(table, "Paul Prüfling")).toContainText("41,25");
  await expect(row(table, "Paul Prüfling")).toContainText("bestanden");

  // camp events: the consent forms of all registrations as one zip
  await chooseEvent(page, "D-Prüfungen Freizeit Sommer");
  await expect(table).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Einverständniserklärungen herunterladen" }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^Einverstaendniserklaerungen_\d+_.*\.zip$/);
});

test("[R-RO016][R-RO019][R-RO025][R-RO026] registration_manage sees every club and deletes a registration after confirming", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  const table = await openOverview(page, "D-Prüfungen Frühjahr");
  const sven = row(table, "Sven Saxofon");
  await expect(sven).toContainText("Stadtkapelle Musterstadt");
  await expect(row(table, "Clara Klarinette")).toBeVisible();
  // a cancelled registration: the club cannot delete it (R-RO024); registration_manage can, on an
  // erasure request, after a confirmation that says it is final (here: not confirmed)
  expect(await menuEntries(page, "Tina Trompete")).toContain("Löschen");
  await rowAction(page, "Tina Trompete", "Löschen");
  const final = page.getByRole("alertdialog");
  await expect(final).toContainText("Die D-Prüfungsanmeldung von Tina Trompete ist storniert. Möchten Sie sie auf Antrag endgültig löschen?");
  await final.getByRole("button", { name: "Abbrechen" }).click();
  await expect(final).toBeHidden();

  await rowAction(page, "Sven Saxofon", "Löschen");
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Möchten Sie die D-Prüfungsanmeldung von Sven Saxofon wirklich löschen?");
  await expect(confirm.getByRole("button", { name: "Abbrechen" })).toBeFocused();
  await confirm.getByRole("button", { name: "OK" }).click();
  await expectNotice(page, "D-Prüfungsanmeldung gelöscht");
  await expect(sven).toHaveCount(0);
  await expect(row(table, "Clara Klarinette")).toBeVisible();
});

test("[R-RO020][R-RO023][R-RO026][R-RO011][R-RO012] in a closed event the member cancels a registration after confirming; the row turns grey", async ({
  page,
}) => {
  await signIn(page, "member@demo.test");
  const table = await openOverview(page, "D-Prüfungen Herbst Vorjahr");
  const paul = row(table, "Paul Prüfling");
  await expect(paul).toContainText("bestanden");
  // phase closed: no delete for the club, cancel instead; a passed exam has nothing to take over
  expect(await menuEntries(page, "Paul Prüfling")).toEqual(["Ansehen", "In den Kalender", "Stornieren"]);

  await rowAction(page, "Paul Prüfling", "Stornieren");
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(
    "Möchten Sie die D-Prüfungsanmeldung von Paul Prüfling wirklich stornieren? Die Stornierung kann nicht rückgängig gemacht werden.",
  );
  await confirm.getByRole("button", { name: "OK" }).click();
  await expectNotice(page, "D-Prüfungsanmeldung storniert");
  await expect(paul).toHaveAttribute("data-cancelled", "true");
  await expect(paul.getByRole("img", { name: CANCELLED })).toBeVisible();
  expect(await menuEntries(page, "Paul Prüfling")).toEqual(["Ansehen"]);
});

test("[R-RO017][R-RO008][R-RO030][R-RO031][R-RO032][R-ER034][R-API055] the member takes last autumn's passed theory over into the spring exams", async ({
  page,
}) => {
  await signIn(page, "member@demo.test");
  const table = await openOverview(page, "D-Prüfungen Herbst Vorjahr");
  const lena = row(table, "Lena Lernfleißig");
  await expect(lena).toContainText("31,50");
  await expect(lena).toContainText("28,00");
  await expect(lena).toContainText("nicht bestanden");
  expect(await menuEntries(page, "Lena Lernfleißig")).toContain("Teilergebnis übernehmen");

  await rowAction(page, "Lena Lernfleißig", "Teilergebnis übernehmen");
  const dialog = page.getByRole("dialog", { name: "Teilergebnis übernehmen" });
  await expect(dialog).toContainText(
    "Die bestandene Theorieprüfung von Lena Lernfleißig (31,50 Punkte) wird als vorhandene Teilprüfung in eine neue Anmeldung übernommen. Gebucht wird nur noch die Praxisprüfung.",
  );
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Übernehmen" }).click();
  await expect(dialog.getByText("Dieses Feld ist ein Pflichtfeld")).toBeVisible();

  // target: another D-exam before its deadline; the practice locations for course D1 and the clarinet
  await dialog.getByRole("combobox", { name: "Veranstaltung" }).click();
  await expect(page.getByRole("option", { name: "D-Prüfungen Herbst Vorjahr" })).toHaveCount(0);
  await page.getByRole("option", { name: "D-Prüfungen Frühjahr", exact: true }).click();
  await expect(dialog.getByRole("combobox", { name: "Ort der Theorieprüfung" })).toHaveCount(0);
  // both choices are required, and say so (required mark, aria-required)
  await expect(dialog.getByRole("combobox", { name: "Veranstaltung" })).toHaveAttribute("aria-required", "true");
  await expect(dialog.getByRole("combobox", { name: "Ort der Praxisprüfung" })).toHaveAttribute("aria-required", "true");
  await dialog.getByRole("combobox", { name: "Ort der Praxisprüfung" }).click();
  await expect(page.getByRole("option")).toHaveText(["Musikschule Musterstadt (Praxis Holz)"]);
  await page.getByRole("option", { name: "Musikschule Musterstadt (Praxis Holz)" }).click();
  await dialog.getByRole("checkbox", { name: /Datenschutzhinweise gelesen/ }).check();
  await dialog.getByRole("checkbox", { name: /Stornobedingungen gelesen/ }).check();
  await dialog.getByRole("button", { name: "Übernehmen" }).click();
  await expectNotice(page, "D-Prüfungsteilergebnis erfolgreich übernommen");
  await expect(dialog).toBeHidden();

  // once only: the entry is gone, and the spring exams list a second Lernfleißig registration
  expect(await menuEntries(page, "Lena Lernfleißig")).not.toContain("Teilergebnis übernehmen");
  await chooseEvent(page, "D-Prüfungen Frühjahr");
  await page.getByRole("searchbox", { name: "Suche" }).fill("Lernfleißig");
  const taken = row(table, "Lena Lernfleißig");
  await expect(taken).toHaveCount(1);
  await expect(taken).toContainText("Klarinette");
  await expect(taken).toContainText("D1");
  // the carried part is verified: no warning symbol
  await expect(taken.getByRole("img", { name: "Vorhandene Teilprüfung noch nicht geprüft" })).toHaveCount(0);
});

test("[R-RO033] an existing partial result that staff have not verified yet shows a warning in the row and when the registration is opened", async ({
  page,
}) => {
  await signIn(page, "member@demo.test");
  // a registration stating an earlier passed theory exam (unverified until registration_manage checks it)
  const setup = await graphql<{
    viewer: { associations: { databaseId: number }[] };
    events: { edges: { node: { id: string; name: string; locations: { databaseId: number; name: string }[] } }[] };
  }>(page, "{ viewer { associations { databaseId } } events(first: 100) { edges { node { id name locations { databaseId name } } } } }");
  const spring = setup.events.edges.map((edge) => edge.node).find((event) => event.name === "D-Prüfungen Frühjahr");
  const practice = spring?.locations.find((location) => location.name === "Musikschule Musterstadt (Praxis Holz)");
  await graphql(page, "mutation ($eventId: ID!, $input: DexamRegistrationInput!) { createDexamRegistration(eventId: $eventId, input: $input) { id } }", {
    eventId: spring?.id,
    input: {
      associationId: setup.viewer.associations[0].databaseId,
      firstname: "Udo",
      lastname: "Ungeprüft",
      birthdate: "2011-05-05",
      gender: "M",
      instrument: "CLARINET",
      type: "D1",
      practiceLocationId: practice?.databaseId,
      partialResult: { type: "THEORY", districtAssociation: "Kreisverband Musterstadt", year: 2025, location: "Musikschule Musterstadt", points: 30 },
      gdprAccepted: true,
      cancellationAccepted: true,
    },
  });

  const table = await openOverview(page, "D-Prüfungen Frühjahr");
  const udo = row(table, "Udo Ungeprüft");
  const warning = udo.getByRole("img", { name: "Vorhandene Teilprüfung noch nicht geprüft" });
  await expect(warning).toBeVisible();
  await expect(warning).toHaveAttribute("title", "Vorhandene Teilprüfung noch nicht geprüft");
  await expect(row(table, "Clara Klarinette").getByRole("img", { name: "Vorhandene Teilprüfung noch nicht geprüft" })).toHaveCount(0);
  await rowAction(page, "Udo Ungeprüft", "Bearbeiten");
  const edit = page.getByRole("dialog", { name: "D-Prüfungsanmeldung bearbeiten" });
  await expect(edit).toBeVisible();
  await expect(page.locator("[data-live-announcer]").getByText("Vorhandene Teilprüfung noch nicht geprüft", { exact: true })).toBeVisible();
  await edit.getByRole("button", { name: "Abbrechen" }).click();
  await expect(edit).toBeHidden();
});

test("[R-RO001][R-ST003][R-RO021] a member registers in another district's event, finds it in the overview under that district and withdraws it", async ({
  page,
}) => {
  const EVENT = "D-Prüfungen Herbst Beispieltal";
  await signIn(page, "member@demo.test");
  await page.getByRole("combobox", { name: "Veranstalter" }).click();
  await page.getByRole("option", { name: "Alle Kreisverbände" }).click();
  await page.getByRole("article", { name: EVENT, exact: true }).getByRole("button", { name: "Neue Anmeldung" }).click();
  const dialog = page.getByRole("dialog", { name: "Neue D-Prüfungsanmeldung anlegen" });
  const choose = async (label: string, option: string) => {
    await dialog.getByRole("combobox", { name: label, exact: true }).click();
    await page.getByRole("option", { name: option, exact: true }).click();
  };
  await dialog.getByRole("textbox", { name: "Vorname" }).fill("Greta");
  await dialog.getByRole("textbox", { name: "Nachname" }).fill("Grenzgang");
  await fillDate(dialog, "Geburtsdatum", "2012-06-07");
  await choose("Geschlecht", "weiblich");
  await choose("Instrument", "Querflöte");
  await choose("Kurs", "D1");
  await choose("Theorieprüfung", "Schulzentrum Beispieltal (Theorie)");
  await dialog.getByRole("checkbox", { name: /Datenschutzhinweise/ }).check();
  await dialog.getByRole("checkbox", { name: /Stornobedingungen/ }).check();
  await dialog.getByRole("button", { name: "Absenden" }).click();
  await expectNotice(page, "D-Prüfungsanmeldung wurde erfolgreich angelegt");

  // the overview offers the other district now, and its event
  await page.goto("/#/registration/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Anmeldungsübersicht" })).toBeVisible();
  const district = page.getByRole("main").getByRole("combobox", { name: "Kreisverband", exact: true });
  await expect(district).toBeEnabled();
  // the picker stands in the loading state's toolbar and again in the content's: choose once the content is there
  await expect(page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true })).toBeVisible();
  await district.click();
  await page.getByRole("listbox", { name: "Kreisverband" }).getByRole("option", { name: "Kreisverband Beispieltal", exact: true }).click();
  await expect(district).toContainText("Kreisverband Beispieltal");
  await chooseEvent(page, EVENT);
  const table = page.getByRole("table", { name: "D-Prüfungsanmeldungen" });
  const greta = row(table, "Greta Grenzgang");
  await expect(greta).toContainText("Musikverein Musterstadt");

  // the edit phase has no restrictions: the club withdraws it by deleting (R-RO021)
  await rowAction(page, "Greta Grenzgang", "Löschen");
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Möchten Sie die D-Prüfungsanmeldung von Greta Grenzgang wirklich löschen?");
  await confirm.getByRole("button", { name: "OK" }).click();
  await expectNotice(page, "D-Prüfungsanmeldung gelöscht");
  await expect(greta).toHaveCount(0);
});
