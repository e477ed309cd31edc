// What users type and are told: the date picker opens at its field
// and names its days in German; a cancellation reads "Storniert am …" as text on a phone (no hover
// for the tooltip there); the registration dialog names its event, a camp's says camp.
import { expect, type Page, test } from "@playwright/test";
import { graphql, signIn } from "./support.ts";

async function openNewRegistration(page: Page, event: string) {
  await page.getByRole("article", { name: event, exact: true }).getByRole("button", { name: "Neue Anmeldung" }).click();
  const dialog = page.getByRole("dialog", { name: "Neue D-Prüfungsanmeldung anlegen" });
  await expect(dialog.getByRole("textbox", { name: "Vorname" })).toBeVisible();
  return dialog;
}

test("the date picker opens at its field, not in the window's corner, and names its days in German", async ({ page }) => {
  await signIn(page, "member@demo.test");
  const dialog = await openNewRegistration(page, "D-Prüfungen Frühjahr");
  const field = dialog.getByRole("textbox", { name: "Geburtsdatum" });
  await field.fill("14.03.2012");
  const trigger = dialog.getByRole("button", { name: "Kalender öffnen" }).first();
  const triggerBox = await trigger.boundingBox();
  await trigger.click();
  const calendar = page.locator('[data-scope="date-picker"][data-part="content"]');
  await expect(calendar).toBeVisible();
  const fieldBox = await field.boundingBox();
  const calendarBox = await calendar.boundingBox();
  if (!fieldBox || !triggerBox || !calendarBox) throw new Error("no layout boxes");
  // right under the field (or above it when there is no room below), its right edge at the button's
  const below = calendarBox.y >= fieldBox.y + fieldBox.height - 1 && calendarBox.y - (fieldBox.y + fieldBox.height) < 24;
  const above = calendarBox.y + calendarBox.height <= fieldBox.y + 1 && fieldBox.y - (calendarBox.y + calendarBox.height) < 24;
  expect(below || above).toBe(true);
  expect(Math.abs(calendarBox.x + calendarBox.width - (triggerBox.x + triggerBox.width))).toBeLessThan(24);
  // the days' names in German: the chosen day "…, ausgewählt", the others "… wählen"
  await expect(calendar.getByRole("button", { name: /14\. März 2012, ausgewählt$/ })).toBeVisible();
  await expect(calendar.getByRole("button", { name: /15\. März 2012 wählen$/ })).toBeVisible();
  await expect(calendar.getByRole("button", { name: /^Choose/ })).toHaveCount(0);
});

test("the registration dialog names its event; the camp's says camp", async ({ page }) => {
  await signIn(page, "member@demo.test");
  let dialog = await openNewRegistration(page, "D-Prüfungen Frühjahr");
  await expect(dialog).toHaveAccessibleDescription("Veranstaltung: D-Prüfungen Frühjahr");
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(dialog).toBeHidden();
  dialog = await openNewRegistration(page, "D-Prüfungen Freizeit Sommer");
  await expect(dialog.getByText("Anmeldung zur Freizeit: D-Prüfungen Freizeit Sommer", { exact: true })).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription("Anmeldung zur Freizeit: D-Prüfungen Freizeit Sommer");
});

test.describe("on a phone (390x844)", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("[R-RO011][R-RO012] a cancelled registration reads 'Storniert am …' as text, not only as a symbol with a tooltip", async ({ page }) => {
    await signIn(page, "staff@demo.test");
    const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(new Date());
    const setup = await graphql<{
      events: { edges: { node: { id: string; name: string; locations: { databaseId: number; name: string }[] } }[] };
      associations: { edges: { node: { databaseId: number; name: string } }[] };
    }>(
      page,
      `query ($from: Date!) {
        events(from: $from, first: 100) { edges { node { id name locations { databaseId name } } } }
        associations(first: 100) { edges { node { databaseId name } } }
      }`,
      { from: today },
    );
    const spring = setup.events.edges.map((e) => e.node).find((e) => e.name === "D-Prüfungen Frühjahr");
    const club = setup.associations.edges.map((e) => e.node).find((a) => a.name === "Musikverein Musterstadt");
    const theory = spring?.locations.find((l) => l.name === "Musikschule Musterstadt (Theorie)");
    const created = await graphql<{ createDexamRegistration: { id: string } }>(
      page,
      "mutation ($eventId: ID!, $input: DexamRegistrationInput!) { createDexamRegistration(eventId: $eventId, input: $input) { id } }",
      {
        eventId: spring?.id,
        input: {
          firstname: "Sina",
          lastname: "Storniert",
          birthdate: "2011-04-04",
          gender: "F",
          associationId: club?.databaseId,
          instrument: "FLUTE",
          type: "D1",
          theoryLocationId: theory?.databaseId,
          gdprAccepted: true,
          cancellationAccepted: true,
        },
      },
    );
    await graphql(page, "mutation ($id: ID!) { cancelDexamRegistration(id: $id) { id } }", { id: created.createDexamRegistration.id });

    await page.goto("/#/registration/overview");
    await expect(page.getByRole("heading", { level: 1, name: "Anmeldungsübersicht" })).toBeVisible();
    await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
    await page.getByRole("option", { name: "D-Prüfungen Frühjahr", exact: true }).click();
    await page.getByRole("searchbox", { name: "Suche" }).fill("Storniert");
    const card = page.getByRole("table", { name: "D-Prüfungsanmeldungen" }).getByRole("row", { name: /Sina/ });
    await expect(card).toHaveAttribute("data-cancelled", "true");
    await expect(card.getByText(/^Storniert am \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} Uhr$/)).toBeVisible();
  });
});
