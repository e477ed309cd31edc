// Event journeys in Debian's Chromium against the demo data (spec section 2 "Start page", "Events",
// "Event locations"): staff creates an event, adds a location to it, opens the statistics and deletes
// both again; a member sees the current events of the own district association as cards with
// their location groups and opens the registration dialog.
import { expect, type Page, test } from "@playwright/test";
import { discardInput, expectDateTime, expectNotice, fillDate, fillDateTime, openScreen, rowAction, signIn } from "./support.ts";

const EVENT = "Wertungsspiele Herbst E2E";
const VENUE = "Festhalle Endzu";

test("[R-EV002][R-EV007][R-EV011][R-EV018][R-ER031][R-LO002][R-LO003][R-LO005][R-LO013][R-LO015][R-LO009][R-ER032][R-EV009][R-LO007][R-EV020][R-EV021][R-EV025] staff creates an event, adds a location, views statistics and deletes both", async ({
  page,
}) => {
  await signIn(page, "staff@demo.test");

  // the events of the active district association, published or not
  await openScreen(page, "/event/manage", "Veranstaltungen");
  const table = page.getByRole("table", { name: "Veranstaltungen" });
  for (const header of ["ID", "Name", "Art", "Bearbeitungsphase", "Automatische Löschung", "Anmeldeschluss", "Veröffentlicht"]) {
    await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  await expect(table.getByRole("row", { name: /D-Prüfungen Frühjahr/ })).toContainText("D-Prüfungen");
  await expect(table.getByRole("row", { name: /D-Prüfungen Herbst Beispieltal/ })).toHaveCount(0);

  // create: client validation first, then the event
  await page.getByRole("button", { name: "Neue Veranstaltung" }).click();
  const dialog = page.getByRole("dialog", { name: "Neue Veranstaltung" });
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Dieses Feld ist ein Pflichtfeld").first()).toBeVisible();
  await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(EVENT);
  await dialog.getByLabel("Beschreibung").fill("Herbstwertungen für alle Besetzungen");
  await dialog.getByRole("combobox", { name: "Art", exact: true }).click();
  await page.getByRole("option", { name: "Wertungsspiele" }).click();
  await fillDate(dialog, "Anmeldeschluss", "2030-10-01");
  await fillDateTime(dialog, "Veröffentlichung von", "2026-01-01T00:00");
  await fillDateTime(dialog, "Veröffentlichung bis", "2031-01-01T00:00");
  await fillDateTime(dialog, "Beginn", "2030-10-10T09:00");
  await fillDateTime(dialog, "Ende", "2030-10-11T18:00");
  await dialog.getByLabel("Datenschutzhinweise").fill("Die Daten dienen nur der Durchführung.");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Neue Veranstaltung wurde erfolgreich angelegt");
  const row = table.getByRole("row", { name: new RegExp(EVENT) });
  await expect(row).toContainText("Wertungsspiele");
  await expect(row).toContainText("01.10.2030");
  await expect(row).toContainText("Ja");

  // statistics of a demo event: groups as small tables in a dialog 300..450 px wide
  await rowAction(page, "D-Prüfungen Frühjahr", "Statistik");
  const statistic = page.getByRole("dialog", { name: "Statistik: D-Prüfungen Frühjahr" });
  await expect(statistic.getByRole("table", { name: "Anmeldungen" })).toBeVisible();
  const box = await statistic.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(300);
  expect(box?.width).toBeLessThanOrEqual(450);
  await statistic.getByRole("button", { name: "Schließen" }).click();
  await expect(statistic).toBeHidden();

  // copy into an existing event: the same form family still before its deadline, a required choice
  // (from the demo competitions into this journey's new competition event: same family, no
  // registrations, whatever other journeys registered in the demo events before)
  await page.getByRole("button", { name: "Aktionen für Wertungsspiele", exact: true }).click();
  await page.getByRole("menuitem", { name: "Duplizieren", exact: true }).click();
  const copy = page.getByRole("dialog", { name: "Veranstaltung duplizieren" });
  await copy.getByRole("radio", { name: "In eine bestehende Veranstaltung kopieren" }).check();
  await expect(copy).toContainText("Stammdaten und Veranstaltungsorte werden in die gewählte Veranstaltung kopiert");
  await expect(copy.getByRole("radio", { name: new RegExp(EVENT) })).toBeVisible();
  await expect(copy.getByRole("radio", { name: /D-Prüfungen/ })).toHaveCount(0);
  await expect(copy.getByRole("button", { name: "Kopieren" })).toBeDisabled();
  await copy.getByRole("radio", { name: new RegExp(EVENT) }).check();
  await expect(copy.getByRole("button", { name: "Kopieren" })).toBeEnabled();
  await copy.getByRole("button", { name: "Abbrechen" }).click();
  await discardInput(page);
  await expect(copy).toBeHidden();

  // the certificate list (results roles): an .xlsx named by the server's Content-Disposition
  const certificates = page.waitForEvent("download");
  await rowAction(page, "D-Prüfungen Frühjahr", "Liste für Urkundendruck");
  expect((await certificates).suggestedFilename()).toMatch(/^Liste_fuer_Urkundendruck_\d+_D-Pr.*\.xlsx$/);

  // a location of the new competition event: the type is fixed to competition venue
  await openScreen(page, "/event/location/manage", "Veranstaltungsorte");
  await page.getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: EVENT }).click();
  const locations = page.getByRole("table", { name: "Veranstaltungsorte" });
  await expect(locations.getByText("Keine Einträge vorhanden")).toBeVisible();
  await page.getByRole("button", { name: "Neuer Veranstaltungsort" }).click();
  const locationDialog = page.getByRole("dialog", { name: "Neuer Veranstaltungsort" });
  await expect(locationDialog.getByRole("combobox", { name: "Typ" })).toContainText("Wertungsspielort");
  await locationDialog.getByRole("button", { name: "Speichern" }).click();
  await expect(locationDialog.getByText("Dieses Feld ist ein Pflichtfeld").first()).toBeVisible();
  await locationDialog.getByRole("textbox", { name: "Name", exact: true }).fill(VENUE);
  await locationDialog.getByLabel("Straße").fill("Festweg 1");
  await locationDialog.getByLabel("PLZ").fill("70173");
  await locationDialog.getByRole("textbox", { name: "Ort", exact: true }).fill("Endzu");
  await fillDateTime(locationDialog, "Beginn", "2030-10-10T09:00");
  await fillDateTime(locationDialog, "Ende", "2030-10-10T18:00");
  await locationDialog.getByRole("combobox", { name: "Wertungsarten" }).fill("Konzert");
  await page.getByRole("option", { name: "K – Konzertmusik" }).click();
  await locationDialog.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Neuer Veranstaltungsort wurde erfolgreich angelegt");
  const locationRow = locations.getByRole("row", { name: new RegExp(VENUE) });
  await expect(locationRow).toContainText("Wertungsspielort");
  await expect(locationRow).toContainText("K");
  await expect(locationRow).toContainText("10.10.2030, 09:00");

  // location statistics are offered for D-exam events only
  await rowAction(page, VENUE, "Bearbeiten");
  await expect(page.getByRole("dialog", { name: "Veranstaltungsort bearbeiten" })).toBeVisible();
  await page.getByRole("dialog", { name: "Veranstaltungsort bearbeiten" }).getByRole("button", { name: "Abbrechen" }).click();
  await page.getByRole("button", { name: `Aktionen für ${VENUE}` }).click();
  await expect(page.getByRole("menuitem", { name: "Statistik" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  const eventPicker = page.getByRole("combobox", { name: "Veranstaltung", exact: true });
  await eventPicker.click();
  await page.getByRole("option", { name: "D-Prüfungen Frühjahr" }).click();
  await expect(eventPicker).toContainText("D-Prüfungen Frühjahr");
  await rowAction(page, "Musikschule Musterstadt (Theorie)", "Statistik");
  const locationStatistic = page.getByRole("dialog", { name: "Statistik: Musikschule Musterstadt (Theorie)" });
  await expect(locationStatistic.getByRole("table").first()).toBeVisible();
  await locationStatistic.getByRole("button", { name: "Schließen" }).click();

  // delete the new location, then the new event (confirmations first)
  await eventPicker.click();
  await page.getByRole("option", { name: EVENT }).click();
  await expect(eventPicker).toContainText(EVENT);
  await rowAction(page, VENUE, "Löschen");
  const confirmLocation = page.getByRole("alertdialog");
  await expect(confirmLocation).toContainText(`Möchten Sie den Veranstaltungsort „${VENUE}“ wirklich löschen?`);
  await confirmLocation.getByRole("button", { name: "OK" }).click();
  await expectNotice(page, "Veranstaltungsort gelöscht");
  await expect(locations.getByRole("row", { name: new RegExp(VENUE) })).toHaveCount(0);

  await openScreen(page, "/event/manage", "Veranstaltungen");
  await rowAction(page, EVENT, "Löschen");
  const confirmEvent = page.getByRole("alertdialog");
  await expect(confirmEvent).toContainText(
    `Möchten Sie die Veranstaltung „${EVENT}“ wirklich löschen? Alle Veranstaltungsorte, Anmeldungen und Ergebnisse dieser Veranstaltung werden gelöscht.`,
  );
  await confirmEvent.getByRole("button", { name: "OK" }).click();
  await expectNotice(page, "Veranstaltung gelöscht");
  await expect(table.getByRole("row", { name: new RegExp(EVENT) })).toHaveCount(0);
});

test("[R-ST001][R-ST003][R-ST008][R-ST009][R-ST010][R-ST013][R-ST014][R-ST015][R-ST016][R-ST017][R-ST019][R-ST024][R-ST025][R-ST027] a member sees the current events as cards and opens the registration dialog", async ({
  page,
}) => {
  await signIn(page, "member@demo.test");
  await expect(page.getByRole("combobox", { name: "Veranstalter" })).toContainText("Kreisverband Musterstadt");

  const dexam = page.getByRole("article", { name: "D-Prüfungen Frühjahr" });
  await expect(dexam).toContainText("D-Prüfungen");
  await expect(dexam).toContainText("Veranstalter: Kreisverband Musterstadt");
  await expect(dexam).toContainText("Theorie- und Praxisprüfungen D1 bis D3");
  await expect(dexam).toContainText(/Anmeldeschluss: \d{2}\.\d{2}\.\d{4}/);
  await expect(dexam).toContainText(/\d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}/);
  for (const group of ["Theorieprüfung", "Praxisprüfung", "Vorbereitungslehrgang"]) {
    await expect(dexam.getByRole("heading", { level: 3, name: group })).toBeVisible();
  }
  const theory = dexam.getByRole("region", { name: "Theorieprüfung" });
  await expect(theory).toContainText("Musikschule Musterstadt (Theorie)");
  await expect(theory).toContainText(/[A-Z][a-z]\., \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} – \d{2}:\d{2} Uhr/);
  await expect(theory).toContainText("Schulstraße 5, 70173 Musterstadt");
  await expect(dexam.getByText("nicht veröffentlicht")).toHaveCount(0);

  const competition = page.getByRole("article", { name: "Wertungsspiele", exact: true });
  await expect(competition.getByRole("heading", { level: 3, name: "Wertungsspielorte" })).toBeVisible();
  await expect(competition).toContainText("Stadthalle Musterstadt");
  await expect(competition).toContainText("Wertungsarten: T – Traditionelle Blasmusik, K – Konzertmusik");

  // the D-exam dialog
  await dexam.getByRole("button", { name: "Neue Anmeldung" }).click();
  const dexamDialog = page.getByRole("dialog", { name: "Neue D-Prüfungsanmeldung anlegen" });
  await expect(dexamDialog.getByRole("heading", { name: "Persönliche Daten" })).toBeVisible();
  await expect(dexamDialog.getByRole("button", { name: "Absenden" })).toBeEnabled();
  await dexamDialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(dexamDialog).toBeHidden();

  // the competition dialog
  await competition.getByRole("button", { name: "Neue Anmeldung" }).click();
  const competitionDialog = page.getByRole("dialog", { name: "Neue Wertungsspielanmeldung anlegen" });
  await expect(competitionDialog.getByRole("heading", { name: "Vortragsstücke" })).toBeVisible();
  await competitionDialog.getByRole("button", { name: "Abbrechen" }).click();

  // all district associations: the other district's published event appears too
  await expect(page.getByRole("article", { name: "D-Prüfungen Herbst Beispieltal" })).toHaveCount(0);
  await page.getByRole("combobox", { name: "Veranstalter" }).click();
  await page.getByRole("option", { name: "Alle Kreisverbände" }).click();
  await expect(page.getByRole("article", { name: "D-Prüfungen Herbst Beispieltal" })).toBeVisible();
  await expect(page.getByRole("article", { name: "D-Prüfungen Herbst Beispieltal" })).toContainText("Veranstalter: Kreisverband Beispieltal");
});

/** yyyy-mm-dd in Berlin, `days` from today */
const berlinDay = (days: number) => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(new Date(Date.now() + days * 86400_000));

async function createDexamEvent(page: Page, name: string, deadline: string) {
  await page.getByRole("button", { name: "Neue Veranstaltung" }).click();
  const dialog = page.getByRole("dialog", { name: "Neue Veranstaltung" });
  await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await dialog.getByRole("combobox", { name: "Art", exact: true }).click();
  await page.getByRole("option", { name: "D-Prüfungen", exact: true }).click();
  await fillDate(dialog, "Anmeldeschluss", deadline);
  await fillDateTime(dialog, "Veröffentlichung von", "2026-01-01T00:00");
  await fillDateTime(dialog, "Veröffentlichung bis", "2031-01-01T00:00");
  await fillDateTime(dialog, "Beginn", "2030-05-10T08:00");
  await fillDateTime(dialog, "Ende", "2030-05-11T17:00");
  await dialog.getByLabel("Datenschutzhinweise").fill("Die Daten dienen nur der Durchführung.");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Neue Veranstaltung wurde erfolgreich angelegt");
}

test("[R-EV024][R-EV026] staff copy an event's locations into an open event only after confirming the named target", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  await openScreen(page, "/event/manage", "Veranstaltungen");
  await createDexamEvent(page, "Kopieziel E2E", "2030-04-01");
  await rowAction(page, "D-Prüfungen Frühjahr", "Duplizieren");
  const copy = page.getByRole("dialog", { name: "Veranstaltung duplizieren" });
  await copy.getByRole("radio", { name: "In eine bestehende Veranstaltung kopieren" }).check();
  await copy.getByRole("radio", { name: /Kopieziel E2E/ }).check();
  await copy.getByRole("button", { name: "Kopieren" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Bitte bestätigen" });
  await expect(confirm).toContainText("Stammdaten und Veranstaltungsorte von „D-Prüfungen Frühjahr“ werden in „Kopieziel E2E“ kopiert");
  await confirm.getByRole("button", { name: "OK" }).click();
  await expectNotice(page, "Veranstaltung kopiert");

  await openScreen(page, "/event/location/manage", "Veranstaltungsorte");
  await page.getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: "Kopieziel E2E" }).click();
  const locations = page.getByRole("table", { name: "Veranstaltungsorte" });
  for (const name of ["Musikschule Musterstadt (Theorie)", "Klarinette D2 (Praxis)", "Vorbereitungskurs Musterstadt"]) {
    await expect(locations.getByRole("row", { name: new RegExp(name.replace(/[()]/g, "\\$&")) })).toBeVisible();
  }
});

test("[R-EV024][R-EV026] Duplizieren makes a new unpublished event 'Kopie von …' with every date moved by the same days", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  await openScreen(page, "/event/manage", "Veranstaltungen");
  await createDexamEvent(page, "Duplikatquelle E2E", "2030-04-01"); // begins 2030-05-10 08:00
  await rowAction(page, "Duplikatquelle E2E", "Duplizieren");
  const dialog = page.getByRole("dialog", { name: "Veranstaltung duplizieren" });
  await expect(dialog.getByRole("radio", { name: "Als neue Veranstaltung" })).toBeChecked();
  await expect(dialog).toContainText("„Kopie von Duplikatquelle E2E“");
  await expect(dialog).toContainText("Bisher: 10.05.2030");
  // a German date field that suggests the same day next year
  const copyStart = dialog.getByRole("textbox", { name: "Beginn der Kopie", exact: true });
  await expect(copyStart).toHaveValue("10.05.2031");
  await expect(dialog.getByRole("button", { name: "Kalender öffnen" })).toBeVisible();
  await copyStart.fill("");
  await dialog.getByRole("button", { name: "Duplizieren" }).click();
  await expect(dialog.getByText("Dieses Feld ist ein Pflichtfeld")).toBeVisible();
  await fillDate(dialog, "Beginn der Kopie", "2030-06-14"); // 35 days later
  await dialog.getByRole("button", { name: "Duplizieren" }).click();
  await expectNotice(page, "Veranstaltung dupliziert");

  const row = page.getByRole("table", { name: "Veranstaltungen" }).getByRole("row", { name: /Kopie von Duplikatquelle E2E/ });
  await expect(row).toContainText("06.05.2030"); // the deadline, 35 days after 01.04.2030
  await expect(row).toContainText("Nein"); // not published
  await expect(page.getByRole("table", { name: "Veranstaltungen" }).getByRole("row", { name: /Duplikatquelle E2E/ })).toHaveCount(2);
  await rowAction(page, "Kopie von Duplikatquelle E2E", "Bearbeiten");
  const edit = page.getByRole("dialog", { name: "Veranstaltung bearbeiten" });
  await expectDateTime(edit, "Beginn", "2030-06-14T08:00");
  await expectDateTime(edit, "Ende", "2030-06-15T17:00");
});

test("[R-ST020][R-ST023][R-ST030] after the deadline the card stays, but 'Neue Anmeldung' is disabled with the reason", async ({ page, browser }) => {
  await signIn(page, "staff@demo.test");
  await openScreen(page, "/event/manage", "Veranstaltungen");
  await createDexamEvent(page, "Schluss gestern E2E", berlinDay(-1));

  const { baseURL, locale, timezoneId, viewport } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId, viewport });
  const member = await context.newPage();
  await signIn(member, "member@demo.test");
  const card = member.getByRole("article", { name: "Schluss gestern E2E" });
  await expect(card).toBeVisible();
  await expect(card.getByRole("button", { name: "Neue Anmeldung" })).toBeDisabled();
  await expect(card).toContainText("Der Anmeldeschluss ist vorbei.");
  await context.close();
});

test("a camp's automatic-deletion day is shown three months after its end, follows its dates, is required, and a chosen day is stored", async ({ page }) => {
  const CAMP = "Freizeit Löschtag E2E";
  await signIn(page, "staff@demo.test");
  await openScreen(page, "/event/manage", "Veranstaltungen");
  await page.getByRole("button", { name: "Neue Veranstaltung" }).click();
  const dialog = page.getByRole("dialog", { name: "Neue Veranstaltung" });
  await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(CAMP);
  await dialog.getByRole("combobox", { name: "Art", exact: true }).click();
  await page.getByRole("option", { name: "D-Prüfungen Freizeit", exact: true }).click();
  await fillDate(dialog, "Anmeldeschluss", "2030-06-01");
  const expiration = dialog.getByRole("textbox", { name: "Automatische Löschung", exact: true });
  // no dates yet: three months after the deadline's day
  await expect(expiration).toHaveValue("01.09.2030");
  await fillDateTime(dialog, "Veröffentlichung von", "2026-01-01T00:00");
  await fillDateTime(dialog, "Veröffentlichung bis", "2031-01-01T00:00");
  await fillDateTime(dialog, "Beginn", "2030-08-02T08:00");
  await fillDateTime(dialog, "Ende", "2030-08-07T14:00");
  await expect(expiration).toHaveValue("07.11.2030");
  await dialog.getByLabel("Datenschutzhinweise").fill("Die Daten dienen nur der Durchführung.");
  // emptied: refused before sending
  await fillDate(dialog, "Automatische Löschung", "");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Für D-Prüfungen Freizeit ist die automatische Löschung ein Pflichtfeld")).toBeVisible();
  // a day of the office's choosing stays, also when the dates change
  await fillDate(dialog, "Automatische Löschung", "2030-09-30");
  await fillDateTime(dialog, "Ende", "2030-08-08T14:00");
  await expect(expiration).toHaveValue("30.09.2030");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Neue Veranstaltung wurde erfolgreich angelegt");
  const table = page.getByRole("table", { name: "Veranstaltungen" });
  await expect(table.getByRole("row", { name: new RegExp(CAMP) })).toContainText("30.09.2030");

  await rowAction(page, CAMP, "Löschen");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expectNotice(page, "Veranstaltung gelöscht");
  await expect(table.getByRole("row", { name: new RegExp(CAMP) })).toHaveCount(0);
});
