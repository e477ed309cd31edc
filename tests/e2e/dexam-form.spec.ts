// D-exam registration form journeys in Debian's Chromium against the demo data (spec section 2
// "D-exam registration form sections", sections 4 and 5): a member registers a camp candidate with
// camp data and the signed consent form, the form dependencies clear location choices, percussion
// rows carry their own names, and registration_manage chooses among all clubs of the district.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { discardInput, expectDateTime, expectNotice, fillDate, fillDateTime, graphql, rowAction, signIn } from "./support.ts";

async function openForm(page: Page, eventName: string) {
  await page.getByRole("article", { name: eventName, exact: true }).getByRole("button", { name: "Neue Anmeldung" }).click();
  const dialog = page.getByRole("dialog", { name: "Neue D-Prüfungsanmeldung anlegen" });
  await expect(dialog.getByRole("heading", { name: "Persönliche Daten" })).toBeVisible();
  return dialog;
}

/** Picks `option` in the select (Ark combobox) named `label`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(scope.getByRole("combobox", { name: label, exact: true })).toContainText(option);
}

async function optionsOf(page: Page, scope: Locator, label: string): Promise<string[]> {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  const list = page.getByRole("listbox");
  await expect(list).toBeVisible();
  const names = (await list.getByRole("option").allTextContents()).map((s) => s.trim());
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  return names;
}

const CAMP = "D-Prüfungen Freizeit Sommer";
const HEALTH_CONSENT =
  "Ich willige ausdrücklich in die Verarbeitung der Gesundheitsdaten des Kindes für die Freizeit ein. Ich bin sorgeberechtigt oder handle mit dem Einverständnis der Sorgeberechtigten.";
const SPRING = "D-Prüfungen Frühjahr";

test("[R-ST026][R-ST027][R-ST028][R-DF001][R-DF003][R-DF004][R-DF005][R-DF011][R-DF012][R-DF018][R-DF019][R-DF020][R-DF021][R-DF023][R-DF024][R-DF025][R-DF026][R-DF028][R-DF029][R-DF030][R-VA024][R-VA025][R-VA030][R-VA031][R-VA032][R-VA034][R-VA035][R-VA042] a member registers a camp candidate with camp data and the consent form", async ({
  page,
}) => {
  await signIn(page, "member@demo.test");
  const dialog = await openForm(page, CAMP);
  for (const heading of ["Persönliche Daten", "Verein", "Prüfung", "Vorhandene Teilprüfung", "Angaben zur Freizeit", "Einverständnis"]) {
    await expect(dialog.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  // the member's only club is preselected (own clubs only)
  await expect(dialog.getByRole("combobox", { name: "Verein", exact: true })).toContainText("Musikverein Musterstadt");
  expect(await optionsOf(page, dialog, "Verein")).toEqual(["Musikverein Musterstadt"]);
  // the pieces appear only with a practice exam
  await expect(dialog.getByRole("heading", { name: "Prüfungsstücke" })).toHaveCount(0);

  // sent empty: the required fields say so, focus is on the first of them
  await dialog.getByRole("button", { name: "Absenden" }).click();
  await expect(dialog.getByText("Dieses Feld ist ein Pflichtfeld").first()).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Vorname" })).toBeFocused();
  await expect(dialog.getByText("Bitte mindestens einen Prüfungsteil (Theorie oder Praxis) wählen")).toBeVisible();
  await expect(dialog.getByText("Bitte eine Datei auswählen")).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Essenswunsch" })).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByRole("checkbox", { name: /Datenschutzhinweise/ })).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByRole("checkbox", { name: /Stornobedingungen/ })).toHaveAttribute("aria-invalid", "true");
  // the camp's health data need their own consent, with the statement of parental authority
  await expect(dialog.getByRole("checkbox", { name: HEALTH_CONSENT })).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toContainText(
    "Ohne Einwilligung in die Verarbeitung der Gesundheitsdaten durch eine sorgeberechtigte Person (oder mit deren Einverständnis) ist keine Anmeldung zur Freizeit möglich",
  );

  // personal data, instrument and course
  await dialog.getByRole("textbox", { name: "Vorname" }).fill("Carla");
  await dialog.getByRole("textbox", { name: "Nachname" }).fill("Camper");
  await fillDate(dialog, "Geburtsdatum", "2012-06-15");
  await choose(page, dialog, "Geschlecht", "weiblich");
  await choose(page, dialog, "Instrument", "Klarinette");
  await choose(page, dialog, "Kurs", "D2");
  await choose(page, dialog, "Theorieprüfung", "Jugendherberge Seeblick (Theorie)");
  await choose(page, dialog, "Praxisprüfung", "Jugendherberge Seeblick (Praxis)");
  await choose(page, dialog, "Vorbereitungslehrgang", "Freizeit-Vorbereitung");
  await expect(dialog.getByRole("heading", { name: "Prüfungsstücke" })).toBeVisible();
  await expect(dialog.getByRole("group", { name: "1. Prüfungsstück" })).toBeVisible();

  // dependencies: the instrument clears the practice location, the course all three
  await choose(page, dialog, "Instrument", "Querflöte");
  await expect(dialog.getByRole("combobox", { name: "Praxisprüfung" })).toContainText("Keine Teilnahme");
  await expect(dialog.getByRole("combobox", { name: "Theorieprüfung" })).toContainText("Jugendherberge Seeblick (Theorie)");
  await expect(dialog.getByRole("heading", { name: "Prüfungsstücke" })).toHaveCount(0);
  await choose(page, dialog, "Instrument", "Klarinette");
  await choose(page, dialog, "Praxisprüfung", "Jugendherberge Seeblick (Praxis)");
  await choose(page, dialog, "Kurs", "D1");
  for (const label of ["Theorieprüfung", "Praxisprüfung", "Vorbereitungslehrgang"]) {
    await expect(dialog.getByRole("combobox", { name: label })).toContainText("Keine Teilnahme");
  }
  await choose(page, dialog, "Kurs", "D2");
  await choose(page, dialog, "Theorieprüfung", "Jugendherberge Seeblick (Theorie)");
  await choose(page, dialog, "Praxisprüfung", "Jugendherberge Seeblick (Praxis)");

  // a piece: number and title
  const first = dialog.getByRole("group", { name: "1. Prüfungsstück" });
  await first.getByRole("textbox", { name: "Nummer" }).fill("12");
  await first.getByRole("textbox", { name: "Titel" }).fill("Menuett");

  // camp data: meal, FSME with date, tetanus without (date disabled), two emergency contacts
  await dialog.getByRole("textbox", { name: "Allergien" }).fill("Nüsse");
  await choose(page, dialog, "Essenswunsch", "Vegetarisch");
  const fsme = dialog.getByRole("group", { name: "FSME (Zecken)" });
  const tetanus = dialog.getByRole("group", { name: "Tetanus" });
  await expect(fsme.getByLabel("Datum der Impfung")).toBeDisabled();
  await fsme.getByRole("checkbox", { name: "vorhanden" }).check();
  await expect(fsme.getByLabel("Datum der Impfung")).toBeEnabled();
  await fillDate(fsme, "Datum der Impfung", "2024-04-01");
  await expect(tetanus.getByRole("checkbox", { name: "vorhanden" })).not.toBeChecked();
  await expect(tetanus.getByLabel("Datum der Impfung")).toBeDisabled();
  const contact1 = dialog.getByRole("group", { name: "Notfallkontakt 1" });
  await contact1.getByRole("textbox", { name: "Name" }).fill("Eva Camper");
  await contact1.getByRole("textbox", { name: "Telefon" }).fill("+49 171 1234567");
  await dialog.getByRole("button", { name: "Weiteren Notfallkontakt hinzufügen" }).click();
  const contact2 = dialog.getByRole("group", { name: "Notfallkontakt 2" });
  await expect(contact2.getByRole("textbox", { name: "Name" })).toBeFocused();
  await contact2.getByRole("textbox", { name: "Name" }).fill("Otto Camper");
  await contact2.getByRole("textbox", { name: "Telefon" }).fill("0711 987654");

  // the signed consent form: a small PDF
  await expect(dialog.getByRole("button", { name: "Einverständniserklärung Datei auswählen" })).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "einverstaendnis.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n"),
  });
  await expect(dialog.getByText(/Ausgewählt: einverstaendnis\.pdf \(\d+ Bytes\)/)).toBeVisible();

  // consents with the event's texts
  await expect(dialog).toContainText("Die Daten werden nur zur Durchführung der Veranstaltung verwendet.");
  await expect(dialog).toContainText("Eine Stornierung nach Anmeldeschluss ist kostenpflichtig.");
  await dialog.getByRole("checkbox", { name: /Datenschutzhinweise/ }).check();
  await dialog.getByRole("checkbox", { name: /Stornobedingungen/ }).check();
  // the event's automatic deletion date, as the event states it
  const { events } = await graphql<{ events: { edges: { node: { name: string; expiration: string | null } }[] } }>(
    page,
    "query { events(first: 100) { edges { node { name expiration } } } }",
  );
  const expiration = events.edges.map((e) => e.node).find((e) => e.name === CAMP)?.expiration;
  expect(expiration).toBeTruthy();
  const day = new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date(expiration!));
  await expect(dialog).toContainText(`Die Daten dieser Anmeldung werden am ${day} automatisch gelöscht.`);
  await expect(dialog.getByRole("heading", { name: "Einwilligung in die Verarbeitung von Gesundheitsdaten" })).toBeVisible();
  await expect(dialog).toContainText("Sie kann jederzeit mit Wirkung für die Zukunft beim Kreisverband widerrufen werden.");
  await dialog.getByRole("checkbox", { name: HEALTH_CONSENT }).check();

  await dialog.getByRole("button", { name: "Absenden" }).click();
  // the green success notice
  await expect(page.locator('[data-live-announcer] [data-type="success"]')).toContainText("D-Prüfungsanmeldung wurde erfolgreich angelegt");
  await expectNotice(page, "D-Prüfungsanmeldung wurde erfolgreich angelegt");
  await expect(dialog).toBeHidden();

  // opened again, the registration shows the consent given
  await page.goto("/#/registration/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Anmeldungsübersicht" })).toBeVisible();
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: CAMP, exact: true }).click();
  await page.getByRole("searchbox", { name: "Suche" }).fill("Camper");
  await expect(page.getByRole("row", { name: /Camper/ })).toHaveCount(1);
  await rowAction(page, "Carla Camper", "Bearbeiten");
  const edit = page.getByRole("dialog", { name: "D-Prüfungsanmeldung bearbeiten" });
  await expect(edit).toContainText("Einwilligung in die Verarbeitung der Gesundheitsdaten: erteilt");
  await expect(edit.getByRole("checkbox", { name: HEALTH_CONSENT })).toHaveCount(0);
});

test("[R-ST025][R-DF013][R-DF017][R-DF030][R-DF031][R-DF032][R-DF033][R-VA026][R-VA027] percussion rows carry the disciplines; the pieces need a practice exam", async ({
  page,
}) => {
  await signIn(page, "member@demo.test");
  const dialog = await openForm(page, SPRING);
  // a D-exam (not camp) event has no camp section
  await expect(dialog.getByRole("heading", { name: "Angaben zur Freizeit" })).toHaveCount(0);
  await dialog.getByRole("textbox", { name: "Vorname" }).fill("Paul");
  await dialog.getByRole("textbox", { name: "Nachname" }).fill("Pauke");
  await fillDate(dialog, "Geburtsdatum", "2011-02-03");
  await choose(page, dialog, "Geschlecht", "männlich");
  await choose(page, dialog, "Instrument", "Schlagwerk");
  await choose(page, dialog, "Kurs", "D1");

  // only locations examining percussion in D1
  expect(await optionsOf(page, dialog, "Praxisprüfung")).toEqual(["Keine Teilnahme", "Gymnasium Musterstadt (Praxis Blech)"]);
  await expect(dialog.getByRole("heading", { name: "Prüfungsstücke" })).toHaveCount(0);
  await choose(page, dialog, "Praxisprüfung", "Gymnasium Musterstadt (Praxis Blech)");
  const pieces = dialog.getByRole("region", { name: "Prüfungsstücke" });
  await expect(pieces).toContainText("Die Prüfungsstücke können auch später in der Anmeldungsübersicht eingetragen werden.");
  for (const label of ["Kleine Trommel", "Drumset", "Pauken", "Orchesterschlagwerk"]) {
    await expect(pieces.getByRole("group", { name: label })).toBeVisible();
  }
  await expect(pieces.getByRole("group", { name: "1. Prüfungsstück" })).toHaveCount(0);

  // a number needs its title
  await pieces.getByRole("group", { name: "Pauken" }).getByRole("textbox", { name: "Nummer" }).fill("4");
  // an existing theory part: its fields are required and the theory choice is blocked
  await choose(page, dialog, "Art der Teilprüfung", "Theorie");
  await expect(dialog.getByRole("combobox", { name: "Theorieprüfung" })).toBeDisabled();
  await dialog.getByRole("checkbox", { name: /Datenschutzhinweise/ }).check();
  await dialog.getByRole("checkbox", { name: /Stornobedingungen/ }).check();
  await dialog.getByRole("button", { name: "Absenden" }).click();
  await expect(dialog.getByRole("textbox", { name: "Kreisverband" })).toBeFocused();
  for (const label of ["Kreisverband", "Jahr", "Ort"]) {
    await expect(dialog.getByRole("textbox", { name: label, exact: true })).toHaveAttribute("aria-invalid", "true");
  }
  await expect(dialog.getByRole("textbox", { name: "Punkte" })).toHaveAttribute("inputmode", "decimal");
  await expect(pieces.getByRole("group", { name: "Pauken" }).getByRole("textbox", { name: "Titel" })).toHaveAttribute("aria-invalid", "true");

  // clearing the part clears its fields; clearing the practice exam hides the pieces
  await choose(page, dialog, "Art der Teilprüfung", "Keine");
  await expect(dialog.getByRole("textbox", { name: "Kreisverband" })).toHaveCount(0);
  await expect(dialog.getByRole("combobox", { name: "Theorieprüfung" })).toBeEnabled();
  await choose(page, dialog, "Praxisprüfung", "Keine Teilnahme");
  await expect(dialog.getByRole("heading", { name: "Prüfungsstücke" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Absenden" }).click();
  await expect(dialog.getByText("Bitte mindestens einen Prüfungsteil (Theorie oder Praxis) wählen")).toBeVisible();
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await discardInput(page);
  await expect(dialog).toBeHidden();
});

test("[R-VA043][R-DF003][R-ST021] registration_manage without a club of its own enters a phone registration for a club of the district", async ({ page }) => {
  // staff@demo.test belongs to no club: for registration_manage the district's clubs count (decision R-ST021)
  await signIn(page, "staff@demo.test");
  const card = page.getByRole("article", { name: SPRING, exact: true });
  await expect(card.getByRole("button", { name: "Neue Anmeldung" })).toBeEnabled();
  await expect(card).not.toContainText("Sie sind noch keinem Verein zugeordnet.");
  const dialog = await openForm(page, SPRING);
  await expect(dialog).toContainText("Angeboten werden alle Vereine des Kreisverbands der Veranstaltung.");
  expect(await optionsOf(page, dialog, "Verein")).toEqual(["Jugendblasorchester Nord", "Musikverein Musterstadt", "Stadtkapelle Musterstadt"]);
  await choose(page, dialog, "Verein", "Stadtkapelle Musterstadt");
  await dialog.getByRole("textbox", { name: "Vorname" }).fill("Tilda");
  await dialog.getByRole("textbox", { name: "Nachname" }).fill("Telefon");
  await fillDate(dialog, "Geburtsdatum", "2012-04-05");
  await choose(page, dialog, "Geschlecht", "weiblich");
  await choose(page, dialog, "Instrument", "Klarinette");
  await choose(page, dialog, "Kurs", "D1");
  await choose(page, dialog, "Theorieprüfung", "Musikschule Musterstadt (Theorie)");
  // staff confirm what the legal guardians consented to: the texts read in the third person
  await expect(dialog.getByText("Ich habe die Datenschutzhinweise gelesen", { exact: false })).toHaveCount(0);
  await dialog.getByRole("checkbox", { name: "Die Erziehungsberechtigten haben die Datenschutzhinweise gelesen und ihr Einverständnis bestätigt." }).check();
  await dialog.getByRole("checkbox", { name: "Die Erziehungsberechtigten haben die Stornobedingungen gelesen und ihre Annahme bestätigt." }).check();
  await dialog.getByRole("button", { name: "Absenden" }).click();
  await expectNotice(page, "D-Prüfungsanmeldung wurde erfolgreich angelegt");
  await expect(dialog).toBeHidden();

  // the registration belongs to the chosen club
  await page.goto("/#/registration/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Anmeldungsübersicht" })).toBeVisible();
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: SPRING, exact: true }).click();
  await expect(page.getByRole("row", { name: /Telefon/ })).toContainText("Stadtkapelle Musterstadt");
});

type Setup = {
  events: { edges: { node: { id: string; name: string; locations: { databaseId: number; name: string }[] } }[] };
  associations: { edges: { node: { databaseId: number; name: string } }[] };
};

/** Registers "Erwin Editor" (club of member@demo.test) for the spring theory exam, with an existing practice part. */
async function registerEditor(page: Page): Promise<string> {
  const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(new Date());
  const setup = await graphql<Setup>(
    page,
    `query ($from: Date!) {
      events(from: $from, first: 100) { edges { node { id name locations { databaseId name } } } }
      associations(first: 100) { edges { node { databaseId name } } }
    }`,
    { from: today },
  );
  const spring = setup.events.edges.map((e) => e.node).find((e) => e.name === SPRING);
  const club = setup.associations.edges.map((e) => e.node).find((a) => a.name === "Musikverein Musterstadt");
  const theory = spring?.locations.find((l) => l.name === "Musikschule Musterstadt (Theorie)");
  const created = await graphql<{ createDexamRegistration: { id: string } }>(
    page,
    `mutation ($eventId: ID!, $input: DexamRegistrationInput!) { createDexamRegistration(eventId: $eventId, input: $input) { id } }`,
    {
      eventId: spring?.id,
      input: {
        firstname: "Erwin",
        lastname: "Editor",
        birthdate: "2010-10-10",
        gender: "M",
        associationId: club?.databaseId,
        instrument: "CLARINET",
        type: "D2",
        theoryLocationId: theory?.databaseId,
        partialResult: { type: "PRACTICE", districtAssociation: "Kreisverband Musterstadt", year: 2025, location: "Musterstadt", points: 40 },
        gdprAccepted: true,
        cancellationAccepted: true,
      },
    },
  );
  return created.createDexamRegistration.id;
}

async function openEdit(page: Page, action: string) {
  await page.goto("/#/registration/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Anmeldungsübersicht" })).toBeVisible();
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: SPRING, exact: true }).click();
  await page.getByRole("button", { name: "Aktionen für Erwin Editor" }).click();
  await page.getByRole("menuitem", { name: action, exact: true }).click();
  // a registration that can no longer be changed opens in a view-only dialog "… ansehen"
  const dialog = page.getByRole("dialog", { name: action === "Ansehen" ? "D-Prüfungsanmeldung ansehen" : "D-Prüfungsanmeldung bearbeiten" });
  await expect(dialog.getByRole("textbox", { name: "Vorname" })).toHaveValue("Erwin");
  return dialog;
}

test("[R-DF026][R-DF035][R-RO034] editing: no consents; registration_manage sets 'Teilprüfung geprüft' and 'Storniert am'; a cancelled registration is read-only for its club", async ({
  page,
  browser,
}) => {
  await signIn(page, "staff@demo.test");
  const id = await registerEditor(page);

  // staff: the stored values, no consents, the managed fields
  let dialog = await openEdit(page, "Bearbeiten");
  await expect(dialog.getByRole("combobox", { name: "Art der Teilprüfung" })).toContainText("Praxis");
  await expect(dialog.getByRole("textbox", { name: "Punkte" })).toHaveValue("40,00");
  await expect(dialog.getByRole("combobox", { name: "Theorieprüfung" })).toContainText("Musikschule Musterstadt (Theorie)");
  await expect(dialog.getByRole("combobox", { name: "Praxisprüfung" })).toBeDisabled();
  await expect(dialog.getByRole("heading", { name: "Einverständnis" })).toHaveCount(0);
  await expect(dialog.getByRole("heading", { name: "Prüfungsstücke" })).toHaveCount(0);
  const verified = dialog.getByRole("switch", { name: "Teilprüfung geprüft" });
  await expect(verified).not.toBeChecked();
  await verified.check();
  await fillDateTime(dialog, "Storniert am", "2027-01-05T10:30");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "D-Prüfungsanmeldung aktualisiert");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row", { name: /Erwin/ })).toHaveAttribute("data-cancelled", "true");

  // "Änderungen" names each changed field with its old and new value
  await rowAction(page, "Erwin Editor", "Änderungen");
  const history = page.getByRole("dialog", { name: "Änderungen: Erwin Editor" });
  const latest = history.getByRole("row").nth(1);
  await expect(latest).toContainText("Teilprüfung geprüft: nein → ja");
  await expect(latest).toContainText("Storniert am: – → 05.01.2027, 10:30 Uhr");
  await history.getByRole("button", { name: "Schließen" }).last().click();
  await expect(history).toBeHidden();

  // the club's member: cancelled, so only a look ("Schließen", nothing to change)
  const { baseURL, locale, timezoneId, viewport } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId, viewport });
  const member = await context.newPage();
  await signIn(member, "member@demo.test");
  const view = await openEdit(member, "Ansehen");
  await expect(view).toContainText("Diese Anmeldung kann nicht mehr geändert werden.");
  await expect(view.getByRole("textbox", { name: "Vorname" })).toBeDisabled();
  await expect(view.getByRole("combobox", { name: "Instrument" })).toBeDisabled();
  await expect(view.getByRole("button", { name: "Speichern" })).toHaveCount(0);
  await expect(view.getByRole("switch", { name: "Teilprüfung geprüft" })).toHaveCount(0);
  // the footer button; the title bar has a "Schließen" button too
  await view.getByRole("button", { name: "Schließen" }).last().click();
  await expect(view).toBeHidden();
  await context.close();

  // staff takes the cancellation back, then removes the registration again
  dialog = await openEdit(page, "Bearbeiten");
  await expect(dialog.getByRole("switch", { name: "Teilprüfung geprüft" })).toBeChecked();
  await expectDateTime(dialog, "Storniert am", "2027-01-05T10:30");
  await fillDateTime(dialog, "Storniert am", "");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "D-Prüfungsanmeldung aktualisiert");
  await expect(page.getByRole("row", { name: /Erwin/ })).not.toHaveAttribute("data-cancelled", "true");
  await graphql(page, "mutation ($id: ID!) { deleteDexamRegistration(id: $id) }", { id });
});
