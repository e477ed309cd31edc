// Accessibility checks: an axe-core scan of every screen and the main dialogs for
// a member and for an administrator, keyboard-only use of the drawer and a dialog, the 360 px
// drawer and 200% zoom without sideways page scrolling.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { openScreen, signIn } from "./support.ts";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Runs axe over the page (or one part of it, or without some part) and fails on serious or critical violations. */
async function expectNoSeriousViolations(page: Page, what: string, include?: string, exclude?: string) {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, `axe on ${what}`).toEqual([]);
}

/** Opens the locations or results screen for one event, so its table is filled. */
async function openForEvent(page: Page, path: string, heading: string, event = "D-Prüfungen Frühjahr") {
  await openScreen(page, path, heading);
  const choice = page.getByRole("combobox", { name: "Veranstaltung", exact: true });
  // the chosen event is kept across the two screens
  if (!(await choice.textContent())?.includes(event)) {
    await choice.click();
    await page.getByRole("option", { name: event, exact: true }).click();
  }
  await expect(choice).toContainText(event);
  await expect(page.getByRole("table").first()).toBeVisible();
}

/** The page is not wider than the viewport: nothing makes the whole page scroll sideways. */
async function expectNoHorizontalPageScroll(page: Page, what: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `page width on ${what}`).toBeLessThanOrEqual(clientWidth);
}

const MEMBER_SCREENS: [string, string][] = [
  ["/", "Start"],
  ["/user/profile", "Mein Account bearbeiten"],
  ["/association/edit", "Mein Verein bearbeiten"],
  ["/registration/overview", "Anmeldungsübersicht"],
  ["/help/start", "Hilfe: Start"],
];

const ADMIN_SCREENS: [string, string][] = [
  ["/", "Start"],
  ["/user/profile", "Mein Account bearbeiten"],
  ["/registration/overview", "Anmeldungsübersicht"],
  ["/user/manage", "Benutzerverwaltung"],
  ["/association/manage", "Vereinsverwaltung"],
  ["/districtassociation/manage", "Kreisverbandsverwaltung"],
  ["/event/manage", "Veranstaltungen"],
  ["/event/location/manage", "Veranstaltungsorte"],
  ["/result/manage", "Ergebnisverwaltung"],
  ["/webhooks", "Webhooks"],
  ["/event/timetable", "Zeitplan"],
  ["/invoices", "Rechnungen"],
  ["/help/event/manage", "Hilfe: Veranstaltungen"],
];

test("[R-SH001] axe-core finds no serious or critical WCAG 2.1 AA violation on the member's screens and the D-exam registration dialog", async ({ page }) => {
  await signIn(page, "member@demo.test");
  for (const [path, heading] of MEMBER_SCREENS) {
    await openScreen(page, path, heading);
    await expectNoSeriousViolations(page, path);
  }
  await openScreen(page, "/", "Start");
  await page.getByRole("article", { name: "D-Prüfungen Frühjahr", exact: true }).getByRole("button", { name: "Neue Anmeldung" }).click();
  const dialog = page.getByRole("dialog", { name: "Neue D-Prüfungsanmeldung anlegen" });
  await expect(dialog.getByRole("heading", { name: "Persönliche Daten" })).toBeVisible();
  await expectNoSeriousViolations(page, "D-exam registration dialog");
  // the required-field messages are linked to their controls and still pass
  await dialog.getByRole("button", { name: "Absenden" }).click();
  await expect(dialog.getByText("Dieses Feld ist ein Pflichtfeld").first()).toBeVisible();
  await expectNoSeriousViolations(page, "D-exam registration dialog with errors");
  // a required select carries the required state, and its error text is its description
  const instrument = dialog.getByRole("combobox", { name: "Instrument", exact: true });
  await expect(instrument).toHaveAttribute("aria-invalid", "true");
  await expect(instrument).toHaveAttribute("aria-required", "true");
  await expect(instrument).toHaveAccessibleDescription("Dieses Feld ist ein Pflichtfeld");
});

test("axe-core finds no serious or critical WCAG 2.1 AA violation on the administrator's screens and a confirm dialog", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "admin@demo.test");
  for (const [path, heading] of ADMIN_SCREENS) {
    await openScreen(page, path, heading);
    await expectNoSeriousViolations(page, path);
  }
  await openScreen(page, "/user/manage", "Benutzerverwaltung");
  const firstMenu = page.getByRole("button", { name: /^Aktionen für / }).first();
  await firstMenu.click();
  await expect(page.getByRole("menu")).toBeVisible();
  await expectNoSeriousViolations(page, "row menu");
  await page.getByRole("menuitem", { name: "Löschen", exact: true }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByRole("button", { name: "Abbrechen" })).toBeFocused();
  await expectNoSeriousViolations(page, "confirm dialog");
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();

  for (const path of ["/event/location/manage", "/result/manage"] as const) {
    await openForEvent(page, path, path === "/result/manage" ? "Ergebnisverwaltung" : "Veranstaltungsorte");
    await expectNoSeriousViolations(page, `${path} with an event`);
  }
  await openScreen(page, "/event/manage", "Veranstaltungen");
  await page.getByRole("button", { name: "Neue Veranstaltung" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoSeriousViolations(page, "event dialog");

  // The API-Explorer: our page and GraphiQL are scanned, except GraphiQL's tab strip,
  // third-party markup whose tabs nest their close buttons (nested-interactive) and that we cannot change.
  await openScreen(page, "/api-explorer", "API-Explorer");
  await expect(page.locator(".graphiql-query-editor .monaco-editor").first()).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousViolations(page, "/api-explorer", undefined, ".graphiql-tabs");
});

test("the snackbar's close button works while a modal dialog is open, and the dialog stays open", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await openScreen(page, "/user/manage", "Benutzerverwaltung");
  await page.getByRole("button", { name: "Neuer Benutzer" }).click();
  const dialog = page.getByRole("dialog", { name: "Neuer Benutzer" });
  await dialog.getByLabel("Vorname").fill("Doppelt");
  await dialog.getByLabel("Nachname").fill("Vorhanden");
  // an address that is already taken: the server refuses, the dialog stays open with an error message
  await dialog.getByLabel("E-Mail").fill("member@demo.test");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  const message = page.locator("[data-live-announcer]").getByRole("alert");
  await expect(message).toBeVisible();
  await page.getByRole("button", { name: "Meldung schließen" }).click();
  await expect(message).toBeHidden();
  await expect(dialog).toBeVisible();
});

test("keyboard only: the drawer menu and a dialog are used with the keyboard, Escape closes the dialog and focus returns to the opener", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 800 });
  await signIn(page, "member@demo.test");
  // the drawer is closed below the desktop width: open it with the keyboard
  const toggle = page.getByRole("button", { name: "Menü öffnen" });
  await toggle.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("navigation", { name: "Hauptmenü" });
  await expect(menu).toBeVisible();
  const overviewLink = menu.getByRole("link", { name: "Anmeldungsübersicht" });
  for (let i = 0; i < 30 && !(await overviewLink.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(overviewLink).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Anmeldungsübersicht" })).toBeVisible();

  // a dialog opened with the keyboard traps the focus and gives it back on Escape
  await page.goto("/#/");
  const opener = page.getByRole("article", { name: "D-Prüfungen Frühjahr", exact: true }).getByRole("button", { name: "Neue Anmeldung" });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Neue D-Prüfungsanmeldung anlegen" });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `focus stays in the dialog after ${i + 1} Tab`).toBe(true);
  }
  await page.keyboard.press("Shift+Tab");
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("keyboard only: a table's row menu opens with Enter, moves with the arrow keys and closes with Escape back on its button", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await openScreen(page, "/user/manage", "Benutzerverwaltung");
  const button = page.getByRole("button", { name: /^Aktionen für / }).first();
  await button.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
});

test("[R-SH001] at 200% zoom (640 × 400 CSS pixels) no screen scrolls sideways and the main actions are reachable", async ({ page }) => {
  await page.setViewportSize({ width: 640, height: 400 });
  await signIn(page, "admin@demo.test");
  for (const [path, heading] of ADMIN_SCREENS) {
    await openScreen(page, path, heading);
    await expectNoHorizontalPageScroll(page, path);
  }
  await openScreen(page, "/api-explorer", "API-Explorer");
  await expect(page.locator(".graphiql-query-editor .monaco-editor").first()).toBeVisible({ timeout: 20_000 });
  await expectNoHorizontalPageScroll(page, "/api-explorer");
  await openForEvent(page, "/event/location/manage", "Veranstaltungsorte");
  await expectNoHorizontalPageScroll(page, "locations of an event");
  await openForEvent(page, "/result/manage", "Ergebnisverwaltung");
  await expectNoHorizontalPageScroll(page, "results of an event");
  await openScreen(page, "/event/manage", "Veranstaltungen");
  const create = page.getByRole("button", { name: "Neue Veranstaltung" });
  await create.scrollIntoViewIfNeeded();
  await expect(create).toBeInViewport();
  await create.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoHorizontalPageScroll(page, "event dialog");
});

test("@mobile at 360 px the drawer opens from the top bar and the key screens do not scroll sideways", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await expect(page.getByRole("navigation", { name: "Hauptmenü" })).toBeHidden();
  await page.getByRole("button", { name: "Menü öffnen" }).click();
  const menu = page.getByRole("navigation", { name: "Hauptmenü" });
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Veranstaltungsorte" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Veranstaltungsorte" })).toBeVisible();
  await expect(menu).toBeHidden();
  for (const [path, heading] of ADMIN_SCREENS) {
    await openScreen(page, path, heading);
    await expectNoHorizontalPageScroll(page, path);
  }
  await openForEvent(page, "/result/manage", "Ergebnisverwaltung");
  await expectNoHorizontalPageScroll(page, "results of an event");
  // on the phone every row is a card: nothing scrolls sideways, so there is no scroll region
  await openForEvent(page, "/event/location/manage", "Veranstaltungsorte");
  await expectNoHorizontalPageScroll(page, "locations of an event");
  await expect(page.getByRole("table", { name: "Veranstaltungsorte" }).locator("tbody tr").first()).toHaveCSS("display", "block");
  await expect(page.getByRole("region", { name: "Veranstaltungsorte" })).toHaveCount(0);
  await expectNoSeriousViolations(page, "locations at 360 px");
  // wider than a phone, a wide table scrolls in its own labelled, focusable region instead of the page
  await page.setViewportSize({ width: 640, height: 740 });
  const region = page.getByRole("region", { name: "Veranstaltungsorte" });
  await expect(region).toHaveAttribute("tabindex", "0");
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await region.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expectNoHorizontalPageScroll(page, "locations at 640 px");
});
