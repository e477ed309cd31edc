// Requirements of the shell and of several screens proved in Debian's Chromium against the demo
// data: snackbar colours, the info dialog, the start-page card subtitle, the location table and
// its edit dialog, the district selector, the drawer and sign-out without an end-session endpoint.
// Tests that need their own rows create an event over GraphQL and delete it again, so the demo data
// other journeys rely on stays as it was.
import { expect, type Page, test } from "@playwright/test";
import { expectNotice, graphql, openScreen, rowAction, signIn } from "./support.ts";

type Created = { eventId: string; theoryId: number; practiceId: number; clubId: number };

/** A published, open D-exam event of the staff user's district without dates or address, with a theory and a practice location. */
async function createEvent(page: Page, name: string): Promise<Created> {
  const setup = await graphql<{ viewer: { districtAssociation: { databaseId: number } }; associations: { edges: { node: { databaseId: number } }[] } }>(
    page,
    "{ viewer { districtAssociation { databaseId } } associations(first: 1) { edges { node { databaseId } } } }",
  );
  const now = Date.now();
  const created = await graphql<{ createEvent: { id: string } }>(
    page,
    "mutation ($d: Int!, $input: EventInput!) { createEvent(districtAssociationId: $d, input: $input) { id } }",
    {
      d: setup.viewer.districtAssociation.databaseId,
      input: {
        name,
        formType: "DEXAM",
        editPhase: "NO_RESTRICTIONS",
        registrationDeadline: new Date(now + 30 * 86400_000).toISOString().slice(0, 10),
        startPublishing: new Date(now - 86400_000).toISOString(),
        finishPublishing: new Date(now + 60 * 86400_000).toISOString(),
        privacyPolicy: "Nur für die Prüfung.",
      },
    },
  );
  const location = async (input: Record<string, unknown>) =>
    (
      await graphql<{ createEventLocation: { databaseId: number } }>(
        page,
        "mutation ($e: ID!, $input: EventLocationInput!) { createEventLocation(eventId: $e, input: $input) { databaseId } }",
        {
          e: created.createEvent.id,
          input: { street: "Schulweg 1", postcode: "70173", city: "Musterstadt", start: "2030-05-01T06:00:00Z", end: "2030-05-01T10:00:00Z", ...input },
        },
      )
    ).createEventLocation.databaseId;
  const theoryId = await location({ name: "Theorie Anforderung", type: "DEXAM_THEORY", dexamTypes: ["D1", "D3"] });
  const practiceId = await location({ name: "Praxis Anforderung", type: "DEXAM_PRACTICE", dexamTypes: ["D1"], instruments: ["CLARINET"] });
  return { eventId: created.createEvent.id, theoryId, practiceId, clubId: setup.associations.edges[0].node.databaseId };
}

async function deleteEvent(page: Page, created: Created) {
  await graphql(page, "mutation ($id: ID!) { deleteEvent(id: $id) }", { id: created.eventId });
}

/** The background colour of the snackbar message of `type`; the message is closed afterwards. */
async function snackbarColour(page: Page, type: "success" | "error" | "information"): Promise<string> {
  const message = page.locator(`[data-live-announcer] [data-type="${type}"]`);
  await expect(message).toBeVisible();
  const colour = await message.evaluate((element) => getComputedStyle(element).backgroundColor);
  await message.getByRole("button", { name: "Meldung schließen" }).click();
  await expect(message).toBeHidden();
  return colour;
}

// the theme colours of R-SH069: success #2e7d32, error #8b0000, primary #0d3b66
const SUCCESS = "rgb(46, 125, 50)";
const ERROR = "rgb(139, 0, 0)";
const PRIMARY = "rgb(13, 59, 102)";

test("[R-SH066] snackbar messages: success in the success colour, errors in the error colour, information in the primary colour", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  const created = await createEvent(page, "Anforderung Meldungsfarben");
  try {
    // information: a registration with an unverified existing partial result, opened for editing
    await graphql(page, "mutation ($e: ID!, $input: DexamRegistrationInput!) { createDexamRegistration(eventId: $e, input: $input) { id } }", {
      e: created.eventId,
      input: {
        associationId: created.clubId,
        firstname: "Ina",
        lastname: "Information",
        birthdate: "2011-05-05",
        gender: "F",
        instrument: "CLARINET",
        type: "D1",
        practiceLocationId: created.practiceId,
        partialResult: { type: "THEORY", districtAssociation: "Kreisverband Musterstadt", year: 2025, location: "Musikschule", points: 30 },
        gdprAccepted: true,
      },
    });
    await openScreen(page, "/registration/overview", "Anmeldungsübersicht");
    await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
    await page.getByRole("option", { name: "Anforderung Meldungsfarben", exact: true }).click();
    await rowAction(page, "Ina Information", "Bearbeiten");
    const edit = page.getByRole("dialog", { name: "D-Prüfungsanmeldung bearbeiten" });
    await expect(edit).toBeVisible();
    expect(await snackbarColour(page, "information")).toBe(PRIMARY);
    await edit.getByRole("button", { name: "Abbrechen" }).click();
    await expect(edit).toBeHidden();

    // success: the own profile saved
    await openScreen(page, "/user/profile", "Mein Account bearbeiten");
    const profile = page.getByRole("region", { name: "Benutzerprofil" });
    await expect(profile.getByLabel("Vorname")).toHaveValue("Stefan");
    await profile.getByRole("button", { name: "Speichern" }).click();
    await expect(page.locator("[data-live-announcer]")).toContainText("Profil gespeichert");
    expect(await snackbarColour(page, "success")).toBe(SUCCESS);

    // error: the server refuses the same save
    // (the client sends persisted operations: the request names no field, so every GraphQL call fails meanwhile)
    await page.route("**/graphql", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ errors: [{ message: "Datenbank nicht erreichbar" }] }) }),
    );
    await profile.getByRole("button", { name: "Speichern" }).click();
    expect(await snackbarColour(page, "error")).toBe(ERROR);
    await page.unroute("**/graphql");
  } finally {
    await deleteEvent(page, created);
  }
});

test("[R-ST011][R-LO004][R-LO006] a card without dates still has a subtitle; the categories column shows the sub-types; edit stores the location from its dialog", async ({
  page,
}) => {
  await signIn(page, "staff@demo.test");
  const created = await createEvent(page, "Anforderung Ohne Termin");
  try {
    // every card on the start page has a subtitle; without dates and address it says the date follows
    await page.reload();
    const cards = page.getByTestId("event-card");
    await expect(cards.filter({ hasText: "Anforderung Ohne Termin" })).toHaveCount(1);
    const count = await cards.count();
    for (let i = 0; i < count; i++) await expect(cards.nth(i).locator('[class*="_subtitle_"]')).not.toBeEmpty();
    await expect(cards.filter({ hasText: "Anforderung Ohne Termin" }).locator('[class*="_subtitle_"]')).toHaveText("Termin wird noch bekannt gegeben");
    await expect(cards.filter({ hasText: "D-Prüfungen Frühjahr" }).locator('[class*="_subtitle_"]')).toHaveText(/^\d{2}\.\d{2}\.\d{4}/);

    // the categories column lists the location's available sub-types
    await openScreen(page, "/event/location/manage", "Veranstaltungsorte");
    await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
    await page.getByRole("option", { name: "Anforderung Ohne Termin", exact: true }).click();
    const table = page.getByRole("table", { name: "Veranstaltungsorte" });
    const headers = (await table.getByRole("columnheader").allTextContents()).map((text) => text.trim());
    const categories = headers.indexOf("Kategorien");
    expect(categories).toBeGreaterThan(0);
    const theoryRow = table.getByRole("row", { name: /Theorie Anforderung/ });
    await expect(theoryRow.getByRole("cell").nth(categories)).toHaveText("D1, D3");
    await expect(
      table
        .getByRole("row", { name: /Praxis Anforderung/ })
        .getByRole("cell")
        .nth(categories),
    ).toHaveText("D1");

    // edit opens a dialog and stores the location
    await rowAction(page, "Theorie Anforderung", "Bearbeiten");
    const dialog = page.getByRole("dialog", { name: "Veranstaltungsort bearbeiten" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill("Theorie Anforderung (neu)");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expectNotice(page, "Veranstaltungsort aktualisiert");
    await expect(dialog).toBeHidden();
    await expect(table.getByRole("row", { name: /Theorie Anforderung \(neu\)/ })).toBeVisible();
    const stored = await graphql<{ node: { locations: { name: string }[] } }>(
      page,
      "query ($id: ID!) { node(id: $id) { ... on Event { locations { name } } } }",
      {
        id: created.eventId,
      },
    );
    expect(stored.node.locations.map((location) => location.name)).toContain("Theorie Anforderung (neu)");
  } finally {
    await deleteEvent(page, created);
  }
});

test("[R-LO006] without event_manage the location row offers no edit", async ({ page }) => {
  await signIn(page, "reader@demo.test");
  await openScreen(page, "/event/location/manage", "Veranstaltungsorte");
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: "D-Prüfungen Frühjahr", exact: true }).click();
  await page.getByRole("button", { name: "Aktionen für Musikschule Musterstadt (Theorie)" }).click();
  const items = page.getByRole("menuitem");
  await expect(items.first()).toBeVisible();
  expect((await items.allTextContents()).map((text) => text.trim())).not.toContain("Bearbeiten");
});

test("[R-SH071][R-BC023] the info dialog (statistics) has the button 'Schließen' and is 300 to 450 px wide", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  await openScreen(page, "/event/manage", "Veranstaltungen");
  await rowAction(page, "D-Prüfungen Frühjahr", "Statistik");
  const dialog = page.getByRole("dialog", { name: "Statistik: D-Prüfungen Frühjahr" });
  await expect(dialog.getByRole("table", { name: "Anmeldungen" })).toBeVisible();
  // the dialog's own action is "Schließen" alone; the charts' download buttons belong to their figures
  await expect(dialog.getByRole("figure").first()).toBeVisible();
  expect((await dialog.locator("button:not(figure button)").allTextContents()).map((text) => text.trim())).toEqual(["Schließen"]);
  const box = await dialog.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(300);
  expect(box?.width).toBeLessThanOrEqual(450);
  await dialog.getByRole("button", { name: "Schließen" }).click();
  await expect(dialog).toBeHidden();
});

test("[R-RP008][R-EV003][R-BC022] admin changes the district selector and the event table follows it; staff cannot; the drawer is 300 px wide", async ({
  page,
  browser,
}) => {
  await signIn(page, "admin@demo.test");
  const nav = page.getByRole("navigation", { name: "Hauptmenü" });
  expect(Math.round((await nav.boundingBox())?.width ?? 0)).toBe(300);
  await openScreen(page, "/event/manage", "Veranstaltungen");
  const table = page.getByRole("table", { name: "Veranstaltungen" });
  await expect(table.getByRole("row", { name: /D-Prüfungen Frühjahr/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /D-Prüfungen Herbst Beispieltal/ })).toHaveCount(0);
  const selector = nav.getByLabel("Kreisverband");
  await expect(selector).toBeEnabled();
  await selector.selectOption({ label: "Kreisverband Beispieltal" });
  await expect(table.getByRole("row", { name: /D-Prüfungen Herbst Beispieltal/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /D-Prüfungen Frühjahr/ })).toHaveCount(0);

  // staff hold every other role, yet the selector is read-only for them and shows their own district
  const context = await browser.newContext();
  const staff = await context.newPage();
  await signIn(staff, "staff@demo.test");
  const staffSelector = staff.getByRole("navigation", { name: "Hauptmenü" }).getByLabel("Kreisverband");
  await expect(staffSelector).toBeDisabled();
  await expect(staffSelector.locator("option:checked")).toHaveText("Kreisverband Musterstadt");
  await openScreen(staff, "/event/manage", "Veranstaltungen");
  await expect(staff.getByRole("table", { name: "Veranstaltungen" }).getByRole("row", { name: /D-Prüfungen Frühjahr/ })).toBeVisible();
  await context.close();
});

test("[R-AU026] signing out against a provider without an end-session endpoint is an error; the user stays signed in", async ({ page }) => {
  await page.route("**/.well-known/openid-configuration", async (route) => {
    const response = await route.fetch();
    const metadata = (await response.json()) as Record<string, unknown>;
    delete metadata.end_session_endpoint;
    await route.fulfill({ response, json: metadata });
  });
  await signIn(page, "reader@demo.test");
  await page.getByRole("navigation", { name: "Hauptmenü" }).getByRole("button", { name: "Abmelden" }).click();
  const error = page.locator('[data-live-announcer] [data-type="error"]');
  await expect(error).toContainText(/^Abmelden fehlgeschlagen: .*end.?session/i);
  expect(new URL(page.url()).pathname).toBe("/");
  await expect(page.getByRole("heading", { level: 1, name: "Start" })).toBeVisible();
});
