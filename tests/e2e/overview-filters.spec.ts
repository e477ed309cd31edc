// The overview as the office's tool (issue 40): the filters beside the search (instrument, course,
// location, club, status, created between) combined with the search, kept in the URL (a link and a
// reload keep them, the back button takes the last one back), and "Neue Anmeldung" on the overview
// for whoever may register there. Other specs add registrations to the demo events: every check
// names its own candidates and counts nothing others may add.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { germanDate, signIn } from "./support.ts";

async function openOverview(page: Page, event: string): Promise<Locator> {
  await page.goto("/#/registration/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Anmeldungsübersicht" })).toBeVisible();
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: event, exact: true }).click();
  return page.getByRole("table", { name: event === "Wertungsspiele" ? "Wertungsspielanmeldungen" : "D-Prüfungsanmeldungen" });
}

const filters = (page: Page) => page.getByRole("group", { name: "Filter" });

async function choose(page: Page, filter: string, option: string) {
  await filters(page).getByRole("combobox", { name: filter, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const row = (table: Locator, name: string) => table.getByRole("row", { name: new RegExp(name) });

test("[R-RO009] staff filter the spring exams by instrument, status, club and creation day, with the search; the URL keeps the filters and the back button takes them back", async ({
  page,
}) => {
  await signIn(page, "staff@demo.test");
  const table = await openOverview(page, "D-Prüfungen Frühjahr");
  await expect(row(table, "Clara Klarinette")).toBeVisible();
  await expect(row(table, "Sven Saxofon")).toBeVisible();

  // instrument: only the clarinets
  await choose(page, "Instrument", "Klarinette");
  await expect(page).toHaveURL(/[?&]instrument=CLARINET/);
  await expect(row(table, "Clara Klarinette")).toBeVisible();
  await expect(row(table, "Felix Flöte")).toHaveCount(0);
  await expect(row(table, "Sven Saxofon")).toHaveCount(0);

  // status beside it: no cancelled clarinet of the demo's
  await choose(page, "Status", "Storniert");
  await expect(page).toHaveURL(/[?&]status=CANCELLED/);
  await expect(row(table, "Clara Klarinette")).toHaveCount(0);
  // every instrument again: the cancelled trumpet
  await choose(page, "Instrument", "Alle");
  await expect(page).not.toHaveURL(/instrument=/);
  await expect(row(table, "Tina Trompete")).toBeVisible();
  await expect(row(table, "Tina Trompete")).toHaveAttribute("data-cancelled", "true");
  await expect(row(table, "Clara Klarinette")).toHaveCount(0);

  // the back button: instrument Klarinette and Storniert again
  await page.goBack();
  await expect(page).toHaveURL(/instrument=CLARINET/);
  await expect(filters(page).getByRole("combobox", { name: "Instrument", exact: true })).toHaveText(/Klarinette/);
  await expect(row(table, "Tina Trompete")).toHaveCount(0);
  await page.goBack();
  await expect(page).not.toHaveURL(/status=/);
  await expect(row(table, "Clara Klarinette")).toBeVisible();

  // a reload (a bookmark) keeps the filter
  await page.reload();
  await expect(filters(page).getByRole("combobox", { name: "Instrument", exact: true })).toHaveText(/Klarinette/);
  await expect(row(table, "Clara Klarinette")).toBeVisible();
  await expect(row(table, "Felix Flöte")).toHaveCount(0);

  // club and search together: the other club's saxophone
  await page.getByRole("button", { name: "Filter zurücksetzen" }).click();
  await expect(page).not.toHaveURL(/instrument=/);
  await choose(page, "Verein", "Stadtkapelle Musterstadt");
  await expect(row(table, "Sven Saxofon")).toBeVisible();
  await expect(row(table, "Clara Klarinette")).toHaveCount(0);
  await page.getByRole("searchbox").fill("Klarinette");
  await expect(row(table, "Sven Saxofon")).toHaveCount(0);
  await page.getByRole("searchbox").fill("");
  await expect(row(table, "Sven Saxofon")).toBeVisible();

  // created from tomorrow on: none of the demo's registrations
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await filters(page).getByRole("textbox", { name: "Angelegt ab" }).fill(germanDate(tomorrow));
  await expect(page).toHaveURL(new RegExp(`[?&]from=${tomorrow}`));
  await expect(row(table, "Sven Saxofon")).toHaveCount(0);
});

test("[R-RO009] a competition's overview filters by its own statuses; a location of the event left behind is dropped", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  const table = await openOverview(page, "D-Prüfungen Frühjahr");
  await choose(page, "Ort", "Musikschule Musterstadt (Praxis Holz)");
  await expect(page).toHaveURL(/[?&]location=/);
  await expect(row(table, "Felix Flöte")).toBeVisible();
  await expect(row(table, "Clara Klarinette")).toHaveCount(0);
  // another event from the picker (the URL keeps the filters): the spring exams' location is none of its own
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: "Wertungsspiele", exact: true }).click();
  await expect(page.getByRole("table", { name: "Wertungsspielanmeldungen" })).toBeVisible();
  await expect(page).not.toHaveURL(/location=/);
  await filters(page).getByRole("combobox", { name: "Status", exact: true }).click();
  await expect(page.getByRole("option", { name: "Unterlagen unvollständig", exact: true })).toBeVisible();
  await expect(page.getByRole("option", { name: "Teilprüfung nicht geprüft" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  // D-exams only: instrument and course
  await expect(filters(page).getByRole("combobox", { name: "Instrument", exact: true })).toHaveCount(0);
  await expect(filters(page).getByRole("combobox", { name: "Kurs", exact: true })).toHaveCount(0);
});

test("[R-RO015] Neue Anmeldung on the overview opens the create dialog of the chosen event's kind", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  await openOverview(page, "D-Prüfungen Frühjahr");
  await page.getByRole("button", { name: "Neue Anmeldung" }).click();
  const dexamDialog = page.getByRole("dialog", { name: /Neue D-Prüfungsanmeldung anlegen/ });
  await expect(dexamDialog).toBeVisible();
  await dexamDialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(dexamDialog).toHaveCount(0);

  await openOverview(page, "Wertungsspiele");
  await page.getByRole("button", { name: "Neue Anmeldung" }).click();
  const competitionDialog = page.getByRole("dialog", { name: /Neue Wertungsspielanmeldung anlegen/ });
  await expect(competitionDialog).toBeVisible();
  await competitionDialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(competitionDialog).toHaveCount(0);
});

test("[R-RO015] Neue Anmeldung only for those who may register: a member before the deadline, not past it", async ({ page }) => {
  await signIn(page, "member@demo.test");
  await openOverview(page, "D-Prüfungen Frühjahr");
  await expect(page.getByRole("button", { name: "Neue Anmeldung" })).toBeVisible();
  await openOverview(page, "D-Prüfungen Herbst Vorjahr");
  await expect(page.getByRole("table", { name: "D-Prüfungsanmeldungen" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Neue Anmeldung" })).toHaveCount(0);
});

test("[R-RO015] no Neue Anmeldung for a reader without a club (registration_read registers nobody)", async ({ page }) => {
  await signIn(page, "reader@demo.test");
  await openOverview(page, "D-Prüfungen Frühjahr");
  await expect(page.getByRole("table", { name: "D-Prüfungsanmeldungen" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Neue Anmeldung" })).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("[R-RO009] @mobile a member filters the own registrations to the cancelled ones", async ({ page }) => {
    await signIn(page, "member@demo.test");
    const table = await openOverview(page, "D-Prüfungen Frühjahr");
    await expect(row(table, "Clara Klarinette")).toBeVisible();
    await choose(page, "Status", "Storniert");
    await expect(page).toHaveURL(/[?&]status=CANCELLED/);
    await expect(row(table, "Tina Trompete")).toBeVisible();
    await expect(row(table, "Clara Klarinette")).toHaveCount(0);
    // the filters wrap: nothing makes the page scroll sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
