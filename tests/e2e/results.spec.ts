// Results management journeys in Debian's Chromium against the demo data (spec section 2 "Results
// management", 4 "Results", 5 "Uploads"): staff download the blank practice sheets of a practice
// location, fill one in with exceljs as an examiner would, upload it with a progress indicator and
// see the points; wrong-location and renamed sheets are refused with the file named and nothing
// stored; a theory result is typed in; the club member sees the practice result only once the
// location publishes results, published from the results management after a confirmation naming
// the registrations and mails it concerns. A reader sees everything and changes nothing; PC Juror round trip
// for a competition. The demo data is shared with the other specs of the run: every journey uses
// its own candidate (Felix Flöte) or its own registration, counts nothing others may change and
// puts back what it changed (publishing switch, results).
import fs from "node:fs";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { unzipSync, zipSync } from "fflate";
import { ExcelJS, fillPracticeSheet, pcJurorWorkbook } from "../fixtures/workbooks.ts";
import { discardInput, expectNotice, graphql, rowAction, signIn } from "./support.ts";

const EVENT = "D-Prüfungen Frühjahr";
const PRACTICE = "Musikschule Musterstadt (Praxis Holz)";
const OTHER_PRACTICE = "Gymnasium Musterstadt (Praxis Blech)";
const THEORY = "Musikschule Musterstadt (Theorie)";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A second user in a browser context of its own. */
async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

/**
 * The error snackbar starts with `prefix`. It shows while the upload dialog is still open (modal:
 * nothing outside can be clicked), so it is left to time out.
 */
async function expectErrorNotice(page: Page, prefix: string) {
  await expect(page.locator("[data-live-announcer]").getByText(prefix, { exact: false })).toBeVisible();
}

async function openResults(page: Page, event: string): Promise<void> {
  await page.goto("/#/result/manage");
  await expect(page.getByRole("heading", { level: 1, name: "Ergebnisverwaltung" })).toBeVisible();
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: event, exact: true }).click();
}

async function chooseLocation(page: Page, location: string) {
  await page.getByRole("combobox", { name: "Prüfungsort" }).click();
  await page.getByRole("option", { name: new RegExp(`^${escapeRe(location)}`) }).click();
  await expect(page.getByRole("combobox", { name: "Prüfungsort" })).toContainText(location);
}

const escapeRe = (text: string) => text.replace(/[()]/g, "\\$&");

function row(table: Locator, name: string): Locator {
  return table.getByRole("row", { name: new RegExp(name) });
}

/** A table row found by CSS: the open modal dialog hides the page behind it from the accessibility tree. */
function rowBehindDialog(page: Page, table: string, name: string | RegExp): Locator {
  return page.locator(`table[aria-label="${table}"] tr`, { hasText: name });
}

async function menuEntries(page: Page, name: string): Promise<string[]> {
  const button = page.getByRole("button", { name: `Aktionen für ${name}` });
  if ((await button.count()) === 0) return [];
  await button.click();
  const items = page.getByRole("menuitem");
  await expect(items.first()).toBeVisible();
  const entries = (await items.allTextContents()).map((text) => text.trim());
  await page.keyboard.press("Escape");
  await expect(items).toHaveCount(0);
  return entries;
}

/** Clicks a download button and answers the file's name and bytes. */
async function downloadBy(page: Page, click: () => Promise<void>): Promise<{ name: string; data: Buffer }> {
  const pending = page.waitForEvent("download");
  await click();
  const file = await pending;
  return { name: file.suggestedFilename(), data: fs.readFileSync(await file.path()) };
}

/** The publishing switch of a location on the Event locations screen ("Ergebnisse veröffentlichen?"). */
async function setPublished(page: Page, location: string, published: boolean, event = EVENT) {
  await page.goto("/#/event/location/manage");
  await expect(page.getByRole("heading", { level: 1, name: "Veranstaltungsorte" })).toBeVisible();
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: event, exact: true }).click();
  await rowAction(page, location, "Bearbeiten");
  const dialog = page.getByRole("dialog", { name: "Veranstaltungsort bearbeiten" });
  const toggle = dialog.getByRole("switch", { name: "Ergebnisse veröffentlichen?" });
  if ((await toggle.isChecked()) !== published) await toggle.click();
  await expect(toggle).toBeChecked({ checked: published });
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Veranstaltungsort aktualisiert");
  const locationRow = page.getByRole("table", { name: "Veranstaltungsorte" }).getByRole("row", { name: new RegExp(escapeRe(location)) });
  await expect(locationRow).toContainText(published ? "Ja" : "Nein");
}

/** Felix Flöte's row in the member's Anmeldungsübersicht. */
async function memberFelixRow(member: Page): Promise<Locator> {
  await member.goto("/#/registration/overview");
  // a fresh page: nothing from an earlier visit in the client's store
  await member.reload();
  await expect(member.getByRole("heading", { level: 1, name: "Anmeldungsübersicht" })).toBeVisible();
  await member.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await member.getByRole("option", { name: EVENT, exact: true }).click();
  const felix = row(member.getByRole("table", { name: "D-Prüfungsanmeldungen" }), "Felix Flöte");
  await expect(felix).toBeVisible();
  return felix;
}

test("[R-RE001][R-RE002][R-RE003][R-RE004][R-RE005][R-RE006][R-RE007][R-RE008][R-RE009][R-RE010][R-RE011][R-RE012][R-RE013][R-RE014][R-RE019][R-RE020][R-RE022][R-VA036][R-VA046][R-ER015][R-ER016][R-ER017][R-ER034][R-RO017][R-API038] staff upload a filled practice sheet with progress, type a theory result; the member sees the practice result once published", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "staff@demo.test");
  await openResults(page, EVENT);
  const table = page.getByRole("table", { name: "D-Prüfungsergebnisse" });
  for (const header of ["ID", "Vorname", "Nachname", "Verein", "Instrument", "Kurs", "Ergebnis"]) {
    await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  const felix = row(table, "Felix Flöte");
  await expect(felix).toContainText("Musikverein Musterstadt");
  await expect(felix).toContainText("Querflöte");
  await expect(felix).toContainText("D1");

  // the location picker: theory and practice locations with their type, no preparation course
  await page.getByRole("combobox", { name: "Prüfungsort" }).click();
  await expect(page.getByRole("option", { name: new RegExp(`^${escapeRe(THEORY)}`) })).toContainText("Theorieprüfung");
  await expect(page.getByRole("option", { name: new RegExp(`^${escapeRe(PRACTICE)}`) })).toContainText("Praxisprüfung");
  await expect(page.getByRole("option", { name: /Vorbereitungskurs Musterstadt/ })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // club picker and search filter the table
  await page.getByRole("combobox", { name: "Verein", exact: true }).click();
  await page.getByRole("option", { name: "Musikverein Musterstadt", exact: true }).click();
  await expect(felix).toBeVisible();
  await expect(row(table, "Stadtkapelle Musterstadt")).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Suche" }).fill("felix flote");
  await expect(row(table, "Clara Klarinette")).toHaveCount(0);
  await expect(felix).toBeVisible();
  await page.getByRole("searchbox", { name: "Suche" }).fill("");
  await page.getByRole("combobox", { name: "Verein", exact: true }).click();
  await page.getByRole("option", { name: "Alle Vereine" }).click();

  // the practice location: the tools and the never-rename rule; Felix's practice part is open
  await chooseLocation(page, PRACTICE);
  const tools = page.getByRole("region", { name: "Praxisbögen" });
  await expect(tools).toContainText("niemals um");
  await expect(felix).toContainText("Praxis: offen");
  // nothing uploaded at this location yet: no "Auswertungsbögen" (it would be an empty zip)
  await expect(tools.getByRole("button", { name: "Auswertungsbögen", exact: true })).toHaveCount(0);

  // blank sheets: a zip with one .xlsx per active registration, Felix's among them
  const blank = await downloadBy(page, () => tools.getByRole("button", { name: "Blanko-Auswertungsbögen" }).click());
  expect(blank.name).toMatch(/^Blanko-Auswertungsboegen_L\d+_.*\.zip$/);
  const sheets = unzipSync(new Uint8Array(blank.data));
  const felixName = Object.keys(sheets).find((name) => /^Praxisbogen_R\d+_L\d+_Floete_Felix\.xlsx$/.test(name));
  expect(felixName).toBeDefined();
  const filled = await fillPracticeSheet(sheets[felixName as string], 40.5);

  // a sheet of this location uploaded at another practice location: refused, the file named
  await chooseLocation(page, OTHER_PRACTICE);
  await page.getByRole("region", { name: "Praxisbögen" }).getByRole("button", { name: "Praxisbögen hochladen" }).click();
  let dialog = page.getByRole("dialog", { name: "Praxisbögen hochladen" });
  await expect(dialog).toContainText("niemals um");
  await dialog.getByRole("button", { name: "Hochladen" }).click();
  await expect(dialog.getByText("Bitte eine Datei auswählen")).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({ name: felixName as string, mimeType: XLSX, buffer: filled });
  await expect(dialog).toContainText(felixName as string);
  await dialog.getByRole("button", { name: "Hochladen" }).click();
  await expectErrorNotice(page, "Praxisprüfungsblätter konnten nicht hochgeladen werden: Keine Praxisbögen übernommen:");
  const wrongPlace = dialog.getByRole("alert").filter({ hasText: "Praxisprüfungsblätter konnten nicht hochgeladen werden" });
  await expect(wrongPlace).toContainText(`„${felixName}“: Dieser Praxisbogen gehört zu einem anderen Prüfungsort`);
  await expect(wrongPlace).toContainText(`nicht zu „${OTHER_PRACTICE}“`);
  // a chosen file is input: cancelling asks first
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await discardInput(page);
  await expect(dialog).toBeHidden();

  // at its own location, together with a renamed copy: all or nothing, the renamed file named
  await chooseLocation(page, PRACTICE);
  await expect(felix).toContainText("Praxis: offen");
  await tools.getByRole("button", { name: "Praxisbögen hochladen" }).click();
  dialog = page.getByRole("dialog", { name: "Praxisbögen hochladen" });
  await dialog.locator('input[type="file"]').setInputFiles([
    { name: felixName as string, mimeType: XLSX, buffer: filled },
    { name: "Felix Praxisbogen.xlsx", mimeType: XLSX, buffer: filled },
  ]);
  await dialog.getByRole("button", { name: "Hochladen" }).click();
  await expectErrorNotice(page, "Praxisprüfungsblätter konnten nicht hochgeladen werden:");
  await expect(dialog.getByRole("alert").filter({ hasText: "Keine Praxisbögen übernommen" })).toContainText(
    "„Felix Praxisbogen.xlsx“: Der Dateiname wurde geändert",
  );
  await expect(rowBehindDialog(page, "D-Prüfungsergebnisse", /Felix\s*Flöte/)).toContainText("Praxis: offen");

  // without the renamed copy, on a slow line: the progress indicator, then the points
  await dialog.getByRole("button", { name: "„Felix Praxisbogen.xlsx“ entfernen" }).click();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 1500, downloadThroughput: -1, uploadThroughput: 32 * 1024 });
  await dialog.getByRole("button", { name: "Hochladen" }).click();
  await expect(page.getByRole("progressbar", { name: "Upload-Fortschritt" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Hochladen" })).toBeDisabled();
  await expectNotice(page, "Praxisprüfungsbögen erfolgreich hochgeladen – zugeordnete Bögen: 1");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("progressbar", { name: "Upload-Fortschritt" })).toHaveCount(0);
  await expect(felix).toContainText("Praxis: 40,50");
  // the blank download's zip with the filled sheet in it uploads as it is
  await tools.getByRole("button", { name: "Praxisbögen hochladen" }).click();
  dialog = page.getByRole("dialog", { name: "Praxisbögen hochladen" });
  await expect(dialog.locator('input[type="file"]')).toHaveAttribute("accept", ".xlsx,.zip");
  const zipped = zipSync({ [felixName as string]: new Uint8Array(filled) }, { level: 0 });
  await dialog.locator('input[type="file"]').setInputFiles({ name: blank.name, mimeType: "application/zip", buffer: Buffer.from(zipped) });
  await dialog.getByRole("button", { name: "Hochladen" }).click();
  await expectNotice(page, "Praxisprüfungsbögen erfolgreich hochgeladen – zugeordnete Bögen: 1");
  await expect(dialog).toBeHidden();
  await expect(felix).toContainText("Praxis: 40,50");
  // with a sheet uploaded, "Auswertungsbögen" is offered
  await expect(tools.getByRole("button", { name: "Auswertungsbögen", exact: true })).toBeVisible();
  expect(await menuEntries(page, "Felix Flöte")).toEqual(["Ergebnis löschen", "Praxisbogen herunterladen"]);

  // the theory result by hand: a decimal field, step 0.01, required, 0..100
  await chooseLocation(page, THEORY);
  await expect(felix).toContainText("Theorie: offen");
  await rowAction(page, "Felix Flöte", "Theorieergebnis bearbeiten");
  const theory = page.getByRole("dialog", { name: "Theorieergebnis bearbeiten" });
  const points = theory.getByRole("textbox", { name: "Theoriepunkte" });
  await expect(points).toHaveAttribute("inputmode", "decimal");
  await expect(points).toBeFocused();
  await theory.getByRole("button", { name: "Speichern" }).click();
  await expect(theory.getByText("Dieses Feld ist ein Pflichtfeld")).toBeVisible();
  await points.fill("100.5");
  await theory.getByRole("button", { name: "Speichern" }).click();
  await expect(theory.getByText("Die Punktzahl muss zwischen 0 und 100 liegen")).toBeVisible();
  await points.fill("72.255");
  await points.press("Enter");
  await expect(theory.getByText("Die Punktzahl darf höchstens zwei Nachkommastellen haben")).toBeVisible();
  await points.fill("72.25");
  await points.press("Enter");
  await expectNotice(page, "Theorie-Prüfungsergebnis aktualisiert");
  await expect(theory).toBeHidden();
  await expect(felix).toContainText("Theorie: 72,25");
  await expect(felix).toContainText("Praxis: 40,50");
  await expect(felix).toContainText("bestanden");

  // the member sees the practice result only after the practice location publishes results
  const member = await signedInPage(browser, "member@demo.test");
  let memberRow = await memberFelixRow(member);
  await expect(memberRow).not.toContainText("40,50");
  await expect(memberRow).not.toContainText("72,25");
  // published where the results are entered: the confirmation names the registrations and mails it concerns
  await chooseLocation(page, PRACTICE);
  await page.getByRole("button", { name: "Ergebnisse veröffentlichen" }).click();
  const publish = page.getByRole("alertdialog", { name: "Ergebnisse veröffentlichen" });
  await expect(publish).toContainText(
    /Möchten Sie die Ergebnisse am Ort „Musikschule Musterstadt \(Praxis Holz\)“ veröffentlichen\? Anmeldungen, deren Ergebnisse damit sichtbar werden: [1-9]\d*\. Ergebnis-E-Mails, die versandt werden: \d+\./,
  );
  await expect(publish.getByRole("button", { name: "Abbrechen" })).toBeFocused();
  await publish.getByRole("button", { name: "Veröffentlichen" }).click();
  await expectNotice(page, "Ergebnisse veröffentlicht");
  await expect(page.getByText("Die Ergebnisse am Ort „Musikschule Musterstadt (Praxis Holz)“ sind veröffentlicht.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Ergebnisse veröffentlichen" })).toHaveCount(0);
  memberRow = await memberFelixRow(member);
  await expect(memberRow).toContainText("40,50");
  // the theory location still keeps its results to itself
  await expect(memberRow).not.toContainText("72,25");

  // put everything back: switch publishing off, delete both results (confirmation first)
  await setPublished(page, PRACTICE, false);
  await openResults(page, EVENT);
  await chooseLocation(page, PRACTICE);
  await rowAction(page, "Felix Flöte", "Ergebnis löschen");
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Möchten Sie das Praxisergebnis von Felix Flöte wirklich löschen?");
  await confirm.getByRole("button", { name: "OK" }).click();
  await expectNotice(page, "D-Prüfungsergebnis gelöscht");
  await expect(felix).toContainText("Praxis: offen");
  await chooseLocation(page, THEORY);
  await rowAction(page, "Felix Flöte", "Ergebnis löschen");
  await expect(page.getByRole("alertdialog")).toContainText("Möchten Sie das Theorieergebnis von Felix Flöte wirklich löschen?");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expectNotice(page, "D-Prüfungsergebnis gelöscht");
  await expect(felix).toContainText("Theorie: offen");
  await expect(felix).not.toContainText("bestanden");
  await member.context().close();
});

test("[R-RE001][R-RE005][R-RE015] results_read sees the tables and downloads, but no action that changes results", async ({ page }) => {
  await signIn(page, "reader@demo.test");
  await openResults(page, EVENT);
  const table = page.getByRole("table", { name: "D-Prüfungsergebnisse" });
  await expect(row(table, "Felix Flöte")).toBeVisible();
  await expect(page.getByText("Wählen Sie einen Prüfungsort")).toHaveCount(0);

  await chooseLocation(page, PRACTICE);
  const tools = page.getByRole("region", { name: "Praxisbögen" });
  await expect(tools.getByRole("button", { name: "Blanko-Auswertungsbögen" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Praxisbögen hochladen" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Ergebnisse veröffentlichen" })).toHaveCount(0);
  // no upload, so no upload steps and no never-rename hint either
  await expect(tools).toContainText("Hier laden Sie die Blanko-Auswertungsbögen herunter");
  await expect(tools).not.toContainText("niemals um");
  expect(await menuEntries(page, "Felix Flöte")).not.toContain("Ergebnis löschen");

  await chooseLocation(page, THEORY);
  await expect(row(table, "Felix Flöte")).toContainText("Theorie:");
  const entries = await menuEntries(page, "Felix Flöte");
  expect(entries).not.toContain("Theorieergebnis bearbeiten");
  expect(entries).not.toContain("Ergebnis löschen");

  // the competition: the table and the PC Juror import list, no upload
  await openResults(page, "Wertungsspiele");
  const competition = page.getByRole("table", { name: "Wertungsspielergebnisse" });
  for (const header of ["ID", "Name", "Verein", "Typ", "Besetzung", "Stufe/Altersgruppe", "Punkte", "Prädikat"]) {
    await expect(competition.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("combobox", { name: "Prüfungsort" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Wertungsspielergebnisse hochladen" })).toHaveCount(0);
  const list = await downloadBy(page, () => page.getByRole("button", { name: "PC Juror Importliste" }).click());
  expect(list.name).toMatch(/^PC_Juror_Importliste_\d+_Wertungsspiele\.xlsx$/);
});

test("[R-RE015][R-RE016][R-RE017][R-RE018][R-VA045][R-ER013][R-API034][R-API043] staff import the jury program's pcjuror.xlsm for a competition registration", async ({
  page,
}) => {
  await signIn(page, "staff@demo.test");
  // a registration of this journey's own
  const setup = await graphql<{ events: { edges: { node: { id: string; name: string; districtAssociationId: number } }[] } }>(
    page,
    "{ events(first: 100) { edges { node { id name districtAssociationId } } } }",
  );
  const event = setup.events.edges.map((edge) => edge.node).find((candidate) => candidate.name === "Wertungsspiele");
  const clubs = await graphql<{ associations: { edges: { node: { databaseId: number } }[] } }>(
    page,
    "query ($d: Int!) { associations(districtAssociationId: $d, first: 1) { edges { node { databaseId } } } }",
    { d: event?.districtAssociationId },
  );
  const name = `Ergebniskapelle ${Date.now()}`;
  await graphql(page, "mutation ($e: ID!, $input: CompetitionRegistrationInput!) { createCompetitionRegistration(eventId: $e, input: $input) { id } }", {
    e: event?.id,
    input: {
      name,
      associationId: clubs.associations.edges[0].node.databaseId,
      type: "K",
      cast: "B",
      category: "CAT_3",
      conductorName: "Dora Dirigentin",
      numberOfMusicians: 35,
      gdprAccepted: true,
      cancellationAccepted: true,
    },
  });

  await openResults(page, "Wertungsspiele");
  const table = page.getByRole("table", { name: "Wertungsspielergebnisse" });
  const ours = row(table, name);
  await expect(ours).toContainText("K – Konzertmusik");
  await expect(ours).toContainText("Blasorchester");
  await expect(ours).toContainText("3 – mittelschwer");

  // the import list carries our registration's id
  const list = await downloadBy(page, () => page.getByRole("button", { name: "PC Juror Importliste" }).click());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(list.data as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet("Importliste");
  let id: number | undefined;
  sheet?.eachRow((line) => {
    if (line.getCell(3).value === name) id = Number(line.getCell(1).value);
  });
  expect(id).toBeGreaterThan(0);

  // a file of the wrong type, then one naming a registration of another event: refused with its row, nothing stored
  await page.getByRole("button", { name: "Wertungsspielergebnisse hochladen" }).click();
  const dialog = page.getByRole("dialog", { name: "Wertungsspielergebnisse hochladen" });
  const input = dialog.locator('input[type="file"]');
  // PC Juror's .xlsm or the list saved as .xlsx; anything else is refused with the types it may be
  await expect(input).toHaveAttribute("accept", ".xlsm,.xlsx");
  await input.setInputFiles({ name: "pcjuror.xls", mimeType: "application/vnd.ms-excel", buffer: Buffer.from("x") });
  await expect(
    dialog.getByText("„pcjuror.xls“: Dieser Dateityp ist nicht erlaubt; erwartet wird die PC-Juror-Datei (.xlsm) oder die Liste als Excel-Arbeitsmappe (.xlsx"),
  ).toBeVisible();
  const wrong = await pcJurorWorkbook(
    ["Anmelde-ID", "Gesamtpunkte", "Prädikat"],
    [
      [id, 91.5, "mit hervorragendem Erfolg"],
      [99_999_999, 80, "mit gutem Erfolg"],
    ],
  );
  await input.setInputFiles({ name: "pcjuror.xlsm", mimeType: "application/vnd.ms-excel.sheet.macroEnabled.12", buffer: Buffer.from(wrong) });
  await dialog.getByRole("button", { name: "Hochladen" }).click();
  await expectErrorNotice(page, "Wertungsspielergebnisse konnten nicht hochgeladen werden: Keine Ergebnisse übernommen:");
  await expect(dialog.getByRole("alert")).toContainText("Die Anmeldung 99999999 gehört nicht zu dieser Veranstaltung");
  await expect(rowBehindDialog(page, "Wertungsspielergebnisse", name)).toBeVisible();
  await expect(rowBehindDialog(page, "Wertungsspielergebnisse", name)).not.toContainText("91,50");

  const right = await pcJurorWorkbook(["Anmelde-ID", "Gesamtpunkte", "Prädikat"], [[id, 91.5, "mit hervorragendem Erfolg"]]);
  await input.setInputFiles({ name: "pcjuror.xlsm", mimeType: "application/vnd.ms-excel.sheet.macroEnabled.12", buffer: Buffer.from(right) });
  await dialog.getByRole("button", { name: "Hochladen" }).click();
  await expectNotice(page, "Wertungsspielergebnisse erfolgreich hochgeladen – übernommene Zeilen: 1");
  await expect(dialog).toBeHidden();
  await expect(ours).toContainText("91,50");
  await expect(ours).toContainText("mit hervorragendem Erfolg");

  // publishing here: a competition's results show once every location publishes, so with the first
  // hall published the second one's confirmation names the registrations with points and their mails
  await setPublished(page, "Stadthalle Musterstadt", true, "Wertungsspiele");
  await openResults(page, "Wertungsspiele");
  await expect(page.getByText("Die Ergebnisse am Ort „Stadthalle Musterstadt“ sind veröffentlicht.")).toBeVisible();
  await page.getByRole("button", { name: "Ergebnisse veröffentlichen" }).click();
  const publish = page.getByRole("alertdialog", { name: "Ergebnisse veröffentlichen" });
  await expect(publish).toContainText(
    /Möchten Sie die Ergebnisse am Ort „Kulturzentrum Musterstadt“ veröffentlichen\? Anmeldungen, deren Ergebnisse damit sichtbar werden: [1-9]\d*\. Ergebnis-E-Mails, die versandt werden: [1-9]\d*\./,
  );
  // not now: nothing is published, and the first hall goes back (the demo data is shared)
  await publish.getByRole("button", { name: "Abbrechen" }).click();
  await expect(publish).toBeHidden();
  await setPublished(page, "Stadthalle Musterstadt", false, "Wertungsspiele");
});
