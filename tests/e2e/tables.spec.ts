// The shared table (client/src/components/DataTable.tsx) in Debian's Chromium: the row menu stays
// reachable at 1280 px without scrolling sideways (a sticky last column with a shadow while more
// columns lie to the right), phones get one card per row with its menu, and the tables whose rows
// are all loaded on the client sort by a click on a header, kept in the URL (the paged ones sort on
// the server: sorting.spec.ts).
import { expect, type Locator, type Page, test } from "@playwright/test";
import { graphql, openScreen, signIn } from "./support.ts";

/** Registers an ensemble with a long name for the demo competition as the member (so the competition table has a row). */
async function registerEnsemble(page: Page, name: string) {
  const { viewer, events } = await graphql<{
    viewer: { associations: { databaseId: number }[] };
    events: { edges: { node: { id: string; name: string } }[] };
  }>(page, "{ viewer { associations { databaseId } } events(districtAssociationId: 1, first: 100) { edges { node { id name } } } }");
  const event = events.edges.find((edge) => edge.node.name === "Wertungsspiele");
  expect(event).toBeDefined();
  await graphql(
    page,
    "mutation ($eventId: ID!, $input: CompetitionRegistrationInput!) { createCompetitionRegistration(eventId: $eventId, input: $input) { id } }",
    {
      eventId: event?.node.id,
      input: {
        name,
        associationId: viewer.associations[0]?.databaseId,
        type: "K",
        cast: "B",
        category: "CAT_3",
        conductorName: "Dirigentin Dorothea Dirigierfreudig",
        numberOfMusicians: 40,
        gdprAccepted: true,
        cancellationAccepted: true,
      },
    },
  );
}

async function chooseEvent(page: Page, event: string) {
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: event, exact: true }).click();
}

/** The row menu button lies fully inside the table's visible part and the window, with the table not scrolled sideways. */
async function expectMenuReachable(page: Page, table: Locator, menu: Locator) {
  const scroller = table.locator("xpath=..");
  await expect(menu).toBeVisible();
  const [box, area, scrollLeft, width] = await Promise.all([
    menu.boundingBox(),
    scroller.boundingBox(),
    scroller.evaluate((element) => element.scrollLeft),
    page.evaluate(() => window.innerWidth),
  ]);
  expect(scrollLeft).toBe(0);
  expect(box && area).toBeTruthy();
  if (!box || !area) return;
  expect(box.x).toBeGreaterThanOrEqual(area.x);
  expect(box.x + box.width).toBeLessThanOrEqual(area.x + area.width + 0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  // the click lands on the menu button itself (nothing covers it) and opens the menu, still without scrolling
  await menu.click({ trial: true });
  await menu.click();
  await expect(page.getByRole("menuitem").first()).toBeVisible();
  expect(await scroller.evaluate((element) => element.scrollLeft)).toBe(0);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menuitem")).toHaveCount(0);
}

test("at 1280 px the row menu of the competition and D-exam overviews is reachable without scrolling sideways, and a shadow marks the columns under it", async ({
  page,
  browser,
}) => {
  const ensemble = `Sinfonisches Jugendblasorchester der Musikfreunde Musterstadt ${Date.now()}`;
  const member = await browser.newPage();
  await signIn(member, "member@demo.test");
  await registerEnsemble(member, ensemble);
  await member.close();
  await signIn(page, "staff@demo.test");
  await page.goto("/#/registration/overview");
  await chooseEvent(page, "Wertungsspiele");
  const competition = page.getByRole("table", { name: "Wertungsspielanmeldungen" });
  await expect(competition.getByRole("row", { name: new RegExp(ensemble) })).toBeVisible();
  const scroller = competition.locator("xpath=..");
  // the long name makes the table wider than its area, as real ensemble names and clubs do
  expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await expect(scroller).toHaveAttribute("data-more-right", "true");
  await expectMenuReachable(page, competition, page.getByRole("button", { name: `Aktionen für ${ensemble}` }));

  await chooseEvent(page, "D-Prüfungen Frühjahr");
  const dexam = page.getByRole("table", { name: "D-Prüfungsanmeldungen" });
  await expect(dexam.getByRole("row").nth(1)).toBeVisible();
  await expectMenuReachable(page, dexam, dexam.getByRole("button", { name: /^Aktionen für / }).first());

  // scrolled to the far right the shadow goes: nothing lies under the menu any more
  await chooseEvent(page, "Wertungsspiele");
  await expect(competition.getByRole("row", { name: new RegExp(ensemble) })).toBeVisible();
  await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect(scroller).not.toHaveAttribute("data-more-right", "true");
});

/** Every column of the table lies inside the window beside the open menu: the table does not scroll sideways, no header is cut. */
async function expectEveryColumnShown(page: Page, table: Locator) {
  const scroller = table.locator("xpath=..");
  expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth), "sideways overflow in px").toBeLessThanOrEqual(0);
  const nav = await page.getByRole("navigation", { name: "Hauptmenü" }).boundingBox();
  for (const header of await table.getByRole("columnheader").all()) {
    const name = (await header.textContent()) ?? "";
    const box = await header.boundingBox();
    expect(box, name).not.toBeNull();
    expect(box?.x ?? 0, name).toBeGreaterThanOrEqual((nav?.x ?? 0) + (nav?.width ?? 0));
    expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(1280);
    // a header button shows its whole text (no header cut in the middle of a word)
    const button = header.getByRole("button");
    if ((await button.count()) > 0) expect(await button.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  }
}

test("at 1280 × 800 with the menu open the D-exam overview (Praxis, Note, the cancel symbol), the event table (Veröffentlicht) and the competition results (Prädikat) show every column", async ({
  page,
}) => {
  await signIn(page, "staff@demo.test");
  await expect(page.getByRole("navigation", { name: "Hauptmenü" })).toBeVisible();
  await page.goto("/#/registration/overview");
  await chooseEvent(page, "D-Prüfungen Frühjahr");
  const dexam = page.getByRole("table", { name: "D-Prüfungsanmeldungen" });
  // the demo's Tina Trompete is cancelled: her row carries the cancel symbol in the last column
  // (searched: earlier journeys add rows to the event, so she may be on another page)
  const search = page.getByRole("searchbox", { name: "Suche" });
  await search.fill("Trompete");
  await search.press("Enter");
  const cancelled = dexam.getByRole("row", { name: /Tina/ });
  await expect(cancelled).toBeVisible();
  await expectEveryColumnShown(page, dexam);
  const symbol = await cancelled.getByRole("img").last().boundingBox();
  expect((symbol?.x ?? 0) + (symbol?.width ?? 0)).toBeLessThanOrEqual(1280);

  await openScreen(page, "/event/manage", "Veranstaltungen");
  const events = page.getByRole("table", { name: "Veranstaltungen" });
  await expect(events.getByRole("row").nth(1)).toBeVisible();
  await expectEveryColumnShown(page, events);
  await expect(events.getByRole("columnheader", { name: "Veröffentlicht" })).toBeVisible();

  await page.goto("/#/result/manage");
  await chooseEvent(page, "Wertungsspiele");
  const results = page.getByRole("table", { name: "Wertungsspielergebnisse" });
  await expect(results.getByRole("columnheader", { name: "Prädikat" })).toBeVisible();
  await expectEveryColumnShown(page, results);
});

test("the event table sorts by a click on a header (aria-sort, keyboard), and the sort stays in the URL over a reload", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  await openScreen(page, "/event/manage", "Veranstaltungen");
  const table = page.getByRole("table", { name: "Veranstaltungen" });
  const names = async () => (await table.locator("tbody tr td:nth-child(2)").allTextContents()).map((text) => text.trim());
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  const unsorted = await names();
  const ascending = [...unsorted].sort((a, b) => a.localeCompare(b, "de"));

  const header = table.getByRole("columnheader", { name: "Name" });
  await expect(header).not.toHaveAttribute("aria-sort");
  await header.getByRole("button", { name: "Name" }).click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(names).toEqual(ascending);
  await expect(page).toHaveURL(/[?&]sort=name(&|$)/);

  // the header is a button: Enter sorts the other way round
  await header.getByRole("button", { name: "Name" }).focus();
  await page.keyboard.press("Enter");
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await expect.poll(names).toEqual([...ascending].reverse());
  await expect(page).toHaveURL(/[?&]sort=-name(&|$)/);

  await page.reload();
  await expect(table.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");
  await expect.poll(names).toEqual([...ascending].reverse());

  // a third click ends the sort: the server's order again, and the parameter is gone
  await table.getByRole("button", { name: "Name" }).click();
  await expect(table.getByRole("columnheader", { name: "Name" })).not.toHaveAttribute("aria-sort");
  await expect(page).not.toHaveURL(/sort=/);
  await expect.poll(names).toEqual(unsorted);
});

test("a link with a sort opens the district association table sorted; the registration overview's paged table sorts by every column, the server's order", async ({
  page,
}) => {
  await signIn(page, "admin@demo.test");
  await openScreen(page, "/districtassociation/manage?sort=-id", "Kreisverbandsverwaltung");
  const table = page.getByRole("table", { name: "Kreisverbandsverwaltung" });
  await expect(table.getByRole("columnheader", { name: "ID" })).toHaveAttribute("aria-sort", "descending");
  const ids = (await table.locator("tbody tr td:first-child").allTextContents()).map(Number);
  expect(ids.length).toBeGreaterThan(1);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));

  await page.goto("/#/registration/overview");
  await chooseEvent(page, "D-Prüfungen Frühjahr");
  const dexam = page.getByRole("table", { name: "D-Prüfungsanmeldungen" });
  await expect(dexam.getByRole("row").nth(1)).toBeVisible();
  // the administrator sees every result, so the points and the grade sort too (a member's: sorting.spec.ts); every column sorts
  await expect(dexam.getByRole("columnheader").getByRole("button")).toHaveText([
    "ID",
    "Vorname",
    "Nachname",
    "Verein",
    "Instrument",
    "Kurs",
    "Stücke",
    "Theorie",
    "Praxis",
    "Note",
  ]);
});

test.describe("on a 390 × 844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("@mobile every row of the overview and the master-data tables is a card with its column names and its row menu", async ({ page }) => {
    await signIn(page, "staff@demo.test");
    await page.goto("/#/registration/overview");
    await chooseEvent(page, "D-Prüfungen Frühjahr");
    const dexam = page.getByRole("table", { name: "D-Prüfungsanmeldungen" });
    const first = dexam.locator("tbody tr").first();
    await expect(first).toBeVisible();
    // the card shows every column with its name, the header row is for assistive technology only
    await expect(first.locator('td[data-label="Nachname"]')).toBeVisible();
    const labelShown = await first.locator('td[data-label="Nachname"]').evaluate((cell) => getComputedStyle(cell, "::before").content.includes("Nachname"));
    expect(labelShown).toBe(true);
    const cardBox = await first.boundingBox();
    expect(cardBox?.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectMenuReachable(page, dexam, first.getByRole("button", { name: /^Aktionen für / }));

    for (const [path, heading, name] of [
      ["/event/manage", "Veranstaltungen", "Veranstaltungen"],
      ["/association/manage", "Vereinsverwaltung", "Vereinsverwaltung"],
      ["/user/manage", "Benutzerverwaltung", "Benutzerverwaltung"],
    ] as const) {
      await openScreen(page, path, heading);
      const table = page.getByRole("table", { name });
      const card = table.locator("tbody tr").first();
      await expect(card).toBeVisible();
      await expectMenuReachable(page, table, card.getByRole("button", { name: /^Aktionen für / }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });
});

test("the D-exam results keep their search and sort in the URL: a reload shows the same rows in the same order", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  await page.goto("/#/result/manage");
  await expect(page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true })).toHaveText(/D-Prüfungen Frühjahr/);
  const table = page.getByRole("table", { name: "D-Prüfungsergebnisse" });
  const lastnames = async () => (await table.locator("tbody tr td:nth-child(3)").allTextContents()).map((text) => text.trim());
  await expect(table.locator("tbody tr").nth(1)).toBeVisible();

  await page.getByRole("searchbox", { name: "Suche" }).fill("Musterstadt");
  await page.getByRole("searchbox", { name: "Suche" }).press("Enter");
  await expect(page).toHaveURL(/[?&]q=Musterstadt(&|$)/);
  await table.getByRole("button", { name: "Nachname" }).click();
  await table.getByRole("button", { name: "Nachname" }).click();
  await expect(table.getByRole("columnheader", { name: "Nachname" })).toHaveAttribute("aria-sort", "descending");
  await expect(page).toHaveURL(/[?&]sort=-lastname(&|$)/);
  const shown = await lastnames();
  expect(shown.length).toBeGreaterThan(1);
  expect(shown).toEqual([...shown].sort((a, b) => b.localeCompare(a, "de")));

  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Suche" })).toHaveValue("Musterstadt");
  await expect(table.getByRole("columnheader", { name: "Nachname" })).toHaveAttribute("aria-sort", "descending");
  await expect.poll(lastnames).toEqual(shown);
});
