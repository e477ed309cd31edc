// The built-in help in Debian's Chromium (spec section 1 "built-in help section", section 2 help
// routes, section 5 "Help also asks ..."): members reach the four open help pages through the help
// group of the menu and are sent to start on a staff help address; staff read their pages; items,
// tags, boxes, screenshots, the tag filter and the table of contents work with the keyboard.
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support.ts";

const OPEN_HELP = [
  ["Start", "/help/start"],
  ["Mein Account bearbeiten", "/help/user/account"],
  ["Mein Verein bearbeiten", "/help/association/edit"],
  ["Anmeldungsübersicht", "/help/registration/overview"],
] as const;
const STAFF_HELP = [
  ["Benutzerverwaltung", "/help/user/manage"],
  ["Vereinsverwaltung", "/help/association/manage"],
  ["Veranstaltungen", "/help/event/manage"],
  ["Veranstaltungsorte", "/help/event/location/manage"],
  ["Ergebnisverwaltung", "/help/result/manage"],
] as const;

async function openHelpGroup(page: Page) {
  const nav = page.getByRole("navigation", { name: "Hauptmenü" });
  const toggle = nav.getByRole("button", { name: "Hilfe", exact: true });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  return nav.getByRole("list", { name: "Hilfe" });
}

async function expectHelpPage(page: Page, screen: string) {
  await expect(page.getByRole("heading", { level: 1, name: `Hilfe: ${screen}` })).toBeVisible();
  await expect(page).toHaveTitle(`Hilfe: ${screen} - Anmeldesystem`);
  await expect(page.getByRole("navigation", { name: "Inhalt" })).toBeVisible();
  // titled items (level 2 headings in articles), each with its tags
  const items = page.getByRole("main").getByRole("article");
  expect(await items.count()).toBeGreaterThanOrEqual(2);
  await expect(items.first().getByRole("heading", { level: 2 })).toBeVisible();
  await expect(items.first().getByRole("list", { name: "Schlagwörter" }).getByRole("listitem").first()).toBeVisible();
}

test("[R-SH025][R-SH044][R-SH052][R-SH073][R-SH077] a member opens the four open help pages from the help group of the menu", async ({ page }) => {
  await signIn(page, "member@demo.test");
  const group = await openHelpGroup(page);
  // only the help of screens for everyone (R-SH051): no staff help entries
  await expect(group.getByRole("link")).toHaveCount(OPEN_HELP.length);
  for (const [screen, path] of OPEN_HELP) {
    await (await openHelpGroup(page)).getByRole("link", { name: `Hilfe: ${screen}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#${path}$`));
    await expectHelpPage(page, screen);
    // German content and a way back to the screen it explains
    await expect(page.getByRole("main").getByRole("link", { name: `Zur Seite „${screen}“` })).toBeVisible();
    if (screen === "Mein Account bearbeiten") await expect(page.getByRole("main")).toContainText("mit internationaler Vorwahl");
  }
});

test("[R-SH026][R-SH027][R-SH028][R-SH029][R-SH030][R-SH051] a member typing a staff help address ends on the start page", async ({ page }) => {
  await signIn(page, "member@demo.test");
  for (const [, path] of STAFF_HELP) {
    await page.goto(`/#${path}`);
    await page.waitForURL(/\/#\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Start" })).toBeVisible();
  }
});

test("[R-SH026][R-SH027][R-SH028][R-SH029][R-SH030][R-SH073] staff open the help of their screens", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  const group = await openHelpGroup(page);
  await expect(group.getByRole("link")).toHaveCount(OPEN_HELP.length + STAFF_HELP.length);
  for (const [screen, path] of STAFF_HELP) {
    await page.goto(`/#${path}`);
    await expectHelpPage(page, screen);
  }
  // the results help states the rules that matter most there
  await expect(page.getByRole("note", { name: "Fehler" }).filter({ hasText: "niemals um" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("pcjuror.xlsm");
  await expect(page.getByRole("main")).toContainText("Ergebnisse veröffentlichen?");
});

test("[R-SH074][R-SH075][R-SH076] help items show tags, info, warning and error boxes and lazily loaded screenshots", async ({ page }) => {
  await signIn(page, "member@demo.test");
  await page.goto("/#/help/start");
  await expectHelpPage(page, "Start");
  const main = page.getByRole("main");
  // the three kinds of boxes, each a note named by its kind
  await expect(main.getByRole("note", { name: "Hinweis" }).filter({ hasText: "4 Wochen" }).first()).toBeVisible();
  await expect(main.getByRole("note", { name: "Achtung" }).filter({ hasText: "internationaler Vorwahl" })).toBeVisible();
  await expect(main.getByRole("note", { name: "Fehler" }).filter({ hasText: "Fehler: Benutzerprofil unvollständig" })).toBeVisible();
  // a screenshot: an image with German alt text, loaded lazily from the app, really an image
  const shot = main.getByRole("img", { name: /Neue D-Prüfungsanmeldung anlegen/ });
  await expect(shot).toHaveAttribute("loading", "lazy");
  await expect(shot).toHaveAttribute("src", /\/help\/start-dpruefung-anmelden\.png$/);
  await shot.scrollIntoViewIfNeeded();
  await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
  const response = await page.request.get("/help/start-uebersicht.png");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
});

test("[R-SH074] the tag filter and the table of contents work with the keyboard", async ({ page }) => {
  await signIn(page, "member@demo.test");
  await page.goto("/#/help/start");
  await expectHelpPage(page, "Start");
  const main = page.getByRole("main");
  const items = main.getByRole("article");
  const all = await items.count();
  const contents = main.getByRole("navigation", { name: "Inhalt" });
  const filter = contents.getByRole("group", { name: "Nach Schlagwort filtern" });

  // tag "Freizeit": only the camp item stays, the button says it is pressed, a status tells how many
  const camp = filter.getByRole("button", { name: "Freizeit", exact: true });
  await camp.focus();
  await page.keyboard.press("Enter");
  await expect(camp).toHaveAttribute("aria-pressed", "true");
  await expect(items).toHaveCount(1);
  await expect(items.first().getByRole("heading", { level: 2 })).toHaveText("D-Prüfungen Freizeit: zusätzliche Angaben");
  await expect(contents.getByRole("status")).toHaveText(`1 von ${all} Themen zum Schlagwort „Freizeit“`);
  await expect(page).toHaveURL(/schlagwort=Freizeit/);
  // back to all topics with the keyboard: Tab from the link to the screen reaches the filter first
  await main.getByRole("link", { name: "Zur Seite „Start“" }).focus();
  await page.keyboard.press("Tab");
  await expect(filter.getByRole("button", { name: "Alle Themen" })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(items).toHaveCount(all);

  // a table-of-contents link moves the focus to its item's heading
  const link = contents.getByRole("link", { name: "Anmeldung zum Wertungsspiel" });
  await link.focus();
  await page.keyboard.press("Enter");
  const heading = main.getByRole("heading", { level: 2, name: "Anmeldung zum Wertungsspiel" });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect(page).toHaveURL(/thema=wertungsspiel/);
  // the same link again after scrolling back up still takes the reader there
  await link.focus();
  await expect(heading).not.toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
});

test("[R-SH073] @mobile the help pages fit a 360 px phone: nothing scrolls sideways, screenshots shrink to the width", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  for (const [screen, path] of [...OPEN_HELP, ...STAFF_HELP]) {
    await page.goto(`/#${path}`);
    await expect(page.getByRole("heading", { level: 1, name: `Hilfe: ${screen}` })).toBeVisible();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, path).toBeLessThanOrEqual(clientWidth);
    const shot = page.getByRole("main").getByRole("img").first();
    expect((await shot.boundingBox())?.width ?? 0, path).toBeLessThanOrEqual(clientWidth);
  }
});
