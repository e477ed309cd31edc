// Small things of the shell and the start page in Debian's Chromium: the start page lists the
// events still open for registration first; the overview and the results screen start with the
// next upcoming event, kept in the URL; a help page opens the help group and highlights its entry;
// phone headings stay whole; a newer notice replaces the shown one, and the snackbar keeps clear of
// the footer's links.
import { expect, test } from "@playwright/test";
import { graphql, openScreen, signIn } from "./support.ts";

const DAY = 86400_000;

test("[R-ST023] the start page lists the events open for registration first, those past their deadline below and toned down", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  const now = Date.now();
  const name = `Frühe Prüfung mit Anmeldeschluss gestern ${now}`;
  const created = await graphql<{ createEvent: { id: string } }>(
    page,
    "mutation ($input: EventInput!) { createEvent(districtAssociationId: 1, input: $input) { id } }",
    {
      input: {
        name,
        formType: "DEXAM",
        editPhase: "NO_RESTRICTIONS",
        registrationDeadline: new Date(now - DAY).toISOString().slice(0, 10),
        // it starts before every demo event, so the server's order (by start) puts it first
        start: new Date(now + 10 * DAY).toISOString(),
        end: new Date(now + 10 * DAY + 3600_000).toISOString(),
        startPublishing: new Date(now - 2 * DAY).toISOString(),
        finishPublishing: new Date(now + 60 * DAY).toISOString(),
        privacyPolicy: "Nur für die Prüfung.",
      },
    },
  );
  try {
    await page.reload();
    const cards = page.getByTestId("event-card");
    const closed = cards.filter({ hasText: name });
    await expect(closed).toBeVisible();
    await expect(closed).toHaveAttribute("data-closed", "true");
    await expect(closed.getByRole("button", { name: "Neue Anmeldung" })).toBeDisabled();
    // every open card comes before every closed one
    const flags = await cards.evaluateAll((elements) => elements.map((element) => element.hasAttribute("data-closed")));
    expect(flags.indexOf(false)).toBe(0);
    expect(flags.slice(flags.indexOf(true)).every(Boolean)).toBe(true);
    // toned down: another background than the open cards
    const background = (locator: typeof closed) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background(closed)).not.toBe(await background(cards.first()));
  } finally {
    await graphql(page, "mutation ($id: ID!) { deleteEvent(id: $id) }", { id: created.createEvent.id });
  }
});

test("the overview and the results screen start with the next upcoming event; the chosen event stays in the URL over a reload", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  const picker = page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true });

  // the spring exams start first of the demo events still to come
  await openScreen(page, "/result/manage", "Ergebnisverwaltung");
  await expect(picker).toHaveText(/D-Prüfungen Frühjahr/);
  await expect(page).toHaveURL(/#\/result\/manage\?(.*&)?event=\d+/);

  await openScreen(page, "/registration/overview", "Anmeldungsübersicht");
  await expect(picker).toHaveText(/D-Prüfungen Frühjahr/);
  await expect(page.getByRole("table", { name: "D-Prüfungsanmeldungen" })).toBeVisible();
  await expect(page).toHaveURL(/[?&]event=\d+/);
  await picker.click();
  await page.getByRole("option", { name: "Wertungsspiele", exact: true }).click();
  await expect(page.getByRole("table", { name: "Wertungsspielanmeldungen" })).toBeVisible();
  const url = page.url();
  await page.reload();
  await expect(picker).toHaveText(/Wertungsspiele/);
  await expect(page.getByRole("table", { name: "Wertungsspielanmeldungen" })).toBeVisible();
  expect(page.url()).toBe(url);
});

test("a help page opens the help group of the menu and highlights its entry, also when reached from another screen", async ({ page }) => {
  await signIn(page, "member@demo.test");
  const group = page.getByRole("button", { name: "Hilfe", exact: true });
  await expect(group).toHaveAttribute("aria-expanded", "false");
  // reached without a reload (a link in the app changes only the hash)
  await page.evaluate(() => {
    window.location.hash = "#/help/registration/overview";
  });
  await expect(page.getByRole("heading", { level: 1, name: /Anmeldungsübersicht/ })).toBeVisible();
  await expect(group).toHaveAttribute("aria-expanded", "true");
  const entry = page.getByRole("link", { name: "Hilfe: Anmeldungsübersicht" });
  await expect(entry).toBeVisible();
  await expect(entry).toHaveAttribute("aria-current", "page");
});

test("a newer notice replaces the shown one at once, and the snackbar leaves the footer's links clickable", async ({ page }) => {
  await signIn(page, "member@demo.test");
  await openScreen(page, "/user/profile", "Mein Account bearbeiten");
  const profile = page.getByRole("region", { name: "Benutzerprofil" });
  await expect(profile.getByLabel("Vorname")).toHaveValue("Max");
  await profile.getByRole("button", { name: "Speichern" }).click();
  const notices = page.locator("[data-live-announcer] [data-type]");
  await expect(notices).toHaveText("Profil gespeichert");

  // the footer's links stay clear of the snackbar and take a click
  const privacy = page.getByRole("contentinfo").getByRole("button", { name: "Datenschutz" });
  const [notice, link] = await Promise.all([notices.boundingBox(), privacy.boundingBox()]);
  expect(notice && link).toBeTruthy();
  if (notice && link) {
    const overlaps = notice.x < link.x + link.width && link.x < notice.x + notice.width && notice.y < link.y + link.height && link.y < notice.y + notice.height;
    expect(overlaps).toBe(false);
    expect(notice.y + notice.height).toBeLessThanOrEqual(link.y);
  }
  await privacy.click({ trial: true });

  // the next action's notice takes the place of the shown one at once (nothing waits 5 s behind it)
  await openScreen(page, "/association/edit", "Mein Verein bearbeiten");
  await page.getByRole("button", { name: "Speichern" }).first().click();
  await expect(notices).toHaveText("Verein aktualisiert");
  await expect(notices).toHaveCount(1);
});

test.describe("on a 360 px phone", () => {
  test("@mobile long German screen titles stay whole on one line", async ({ page }) => {
    await signIn(page, "admin@demo.test");
    for (const [path, title] of [
      ["/registration/overview", "Anmeldungsübersicht"],
      ["/districtassociation/manage", "Kreisverbandsverwaltung"],
      ["/event/location/manage", "Veranstaltungsorte"],
    ] as const) {
      await openScreen(page, path, title);
      const lines = await page.getByRole("heading", { level: 1, name: title }).evaluate((heading) => {
        const range = document.createRange();
        range.selectNodeContents(heading);
        return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
      });
      expect(lines, title).toBe(1);
    }
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
  });
});
