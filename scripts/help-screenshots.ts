// `npm run help:screenshots`: makes the screenshots of the built-in help from the running app
// (demo data, desktop viewport) and writes them to client/public/help/, where Vite serves them.
// Run by Playwright with playwright.help.config.ts (the same web server as the journeys). The
// file list and sizes are client/src/help/screenshots.ts; `scenes` must cover every file (the type
// says so), and client/src/help/helpContent.test.ts checks that the committed files match the list.
import fs from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { SCREENSHOT_VIEWPORT, SCREENSHOTS, type ScreenshotFile } from "../client/src/help/screenshots.ts";
import { graphql, openScreen, rowAction, signIn } from "../tests/e2e/support.ts";

const OUT_DIR = path.resolve("client/public/help");
const MEMBER = "member@demo.test";
const STAFF = "staff@demo.test";
const SPRING = "D-Prüfungen Frühjahr";
const AUTUMN = "D-Prüfungen Herbst Vorjahr";
const COMPETITION = "Wertungsspiele";

interface Scene {
  user: typeof MEMBER | typeof STAFF;
  /** Brings the page into the state to show; returns the element the frame is anchored on. */
  show: (page: Page) => Promise<Locator>;
}

async function chooseEvent(page: Page, event: string) {
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: event, exact: true }).click();
  await expect(page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true })).toContainText(event);
}

/** Picks `option` in the select (Ark combobox) named `label`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(scope.getByRole("combobox", { name: label, exact: true })).toContainText(option);
}

async function mainOf(page: Page): Promise<Locator> {
  return page.getByRole("main");
}

async function dexamOverview(page: Page) {
  await openScreen(page, "/registration/overview", "Anmeldungsübersicht");
  await chooseEvent(page, SPRING);
  await expect(page.getByRole("table", { name: "D-Prüfungsanmeldungen" }).getByRole("row", { name: /Felix/ })).toBeVisible();
}

/** The timetable of the spring exams: as it opens (the theory's first day), or with the woodwind practice's first day chosen (`practice`). */
async function timetable(page: Page, practice = false) {
  await openScreen(page, "/event/timetable", "Zeitplan");
  await chooseEvent(page, SPRING);
  const section = page.getByRole("region", { name: practice ? "Praxis: Musikschule Musterstadt (Praxis Holz)" : "Theorie: Musikschule Musterstadt (Theorie)" });
  if (practice) await section.getByRole("group", { name: "Tag" }).getByRole("button").first().click();
  await expect(section.getByRole("row", { name: /Felix/ })).toBeVisible();
}

/**
 * The autumn exams billed: the district's seller, D1 fees, the invoices issued (each step through
 * GraphQL and safe to repeat), then "Rechnungen" for the event.
 */
async function invoices(page: Page) {
  await openScreen(page, "/", "Start");
  const data = await graphql<{ events: { edges: { node: { id: string; databaseId: number; name: string } }[] }; invoiceSeller: { version: number } | null }>(
    page,
    "{ events(first: 100) { edges { node { id databaseId name } } } invoiceSeller { version } }",
  );
  const autumn = data.events.edges.map((edge) => edge.node).find((event) => event.name === AUTUMN);
  if (!autumn) throw new Error("demo event missing");
  if (!data.invoiceSeller)
    await graphql(page, "mutation ($input: InvoiceSellerInput!) { setInvoiceSeller(input: $input) { version } }", {
      input: {
        name: "Kreisverband Musterstadt e. V.",
        street: "Hauptstraße 1",
        postcode: "70173",
        city: "Musterstadt",
        email: "kasse@kv-musterstadt.example",
        iban: "DE02120300000000202051",
        exemptionNote: "Steuerfrei nach § 4 Nr. 22 a UStG",
        registrationId: "VR 1234, Amtsgericht Stuttgart",
      },
    });
  const { eventFees } = await graphql<{ eventFees: { version: number } }>(page, "query ($event: ID!) { eventFees(event: $event) { version } }", {
    event: autumn.id,
  });
  await graphql(page, "mutation ($input: SetEventFeesInput!) { setEventFees(input: $input) { version } }", {
    input: {
      event: autumn.id,
      fees: [
        { item: "dexam:D1:theory", amountCents: 1500 },
        { item: "dexam:D1:practice", amountCents: 2000 },
      ],
      lateFeeCents: 0,
      version: eventFees.version,
    },
  });
  await graphql(page, "mutation ($event: ID!) { issueInvoices(event: $event) { id } }", { event: autumn.id });
  await openScreen(page, `/invoices?event=${autumn.databaseId}`, "Rechnungen");
  await expect(page.getByRole("table", { name: "Rechnungen der Veranstaltung" }).getByRole("row", { name: /Musikverein Musterstadt/ })).toBeVisible();
}

async function results(page: Page, event: string) {
  await openScreen(page, "/result/manage", "Ergebnisverwaltung");
  await chooseEvent(page, event);
}

export const scenes: Record<ScreenshotFile, Scene> = {
  "start-uebersicht.png": {
    user: MEMBER,
    show: async (page) => {
      await openScreen(page, "/", "Start");
      await expect(page.getByRole("article", { name: SPRING, exact: true })).toBeVisible();
      return mainOf(page);
    },
  },
  "start-dpruefung-anmelden.png": {
    user: MEMBER,
    show: async (page) => {
      await openScreen(page, "/", "Start");
      await page.getByRole("article", { name: SPRING, exact: true }).getByRole("button", { name: "Neue Anmeldung" }).click();
      const dialog = page.getByRole("dialog", { name: "Neue D-Prüfungsanmeldung anlegen" });
      await expect(dialog.getByRole("heading", { name: "Persönliche Daten" })).toBeVisible();
      // the exam section is the interesting part: locations offered for instrument and course
      await choose(page, dialog, "Instrument", "Klarinette");
      await choose(page, dialog, "Kurs", "D2");
      await dialog.getByRole("heading", { name: "Prüfung", exact: true }).evaluate((heading) => heading.scrollIntoView({ block: "start" }));
      return dialog;
    },
  },
  "start-wertungsspiel-anmelden.png": {
    user: MEMBER,
    show: async (page) => {
      // the D-exam form of the picture before is still open (and filled in): start afresh
      await page.reload();
      await openScreen(page, "/", "Start");
      await page.getByRole("article", { name: COMPETITION, exact: true }).getByRole("button", { name: "Neue Anmeldung" }).click();
      const dialog = page.getByRole("dialog", { name: "Neue Wertungsspielanmeldung anlegen" });
      await expect(dialog.getByRole("heading", { name: "Gruppe" })).toBeVisible();
      await dialog.getByLabel("Name der Gruppe").fill("Jugendkapelle Musterstadt");
      await dialog.getByLabel("Dirigent").fill("Maria Muster");
      await dialog.getByLabel("Anzahl Musiker").fill("42");
      await choose(page, dialog, "Wertungsspieltyp", "K – Konzertmusik");
      await choose(page, dialog, "Besetzung", "Jugendblasorchester");
      return dialog;
    },
  },
  "account-bearbeiten.png": {
    user: MEMBER,
    show: async (page) => {
      await openScreen(page, "/user/profile", "Mein Account bearbeiten");
      await expect(page.getByRole("heading", { name: "Benutzerprofil" })).toBeVisible();
      return mainOf(page);
    },
  },
  "verein-bearbeiten.png": {
    user: MEMBER,
    show: async (page) => {
      await openScreen(page, "/association/edit", "Mein Verein bearbeiten");
      await expect(page.getByRole("heading", { name: "Vereinsdaten" })).toBeVisible();
      return mainOf(page);
    },
  },
  "anmeldungsuebersicht-dpruefungen.png": {
    user: MEMBER,
    show: async (page) => {
      await dexamOverview(page);
      return mainOf(page);
    },
  },
  "anmeldungsuebersicht-zeilenmenue.png": {
    user: MEMBER,
    show: async (page) => {
      await dexamOverview(page);
      await page.getByRole("button", { name: "Aktionen für Felix Flöte" }).click();
      await expect(page.getByRole("menuitem").first()).toBeVisible();
      return mainOf(page);
    },
  },
  "benutzerverwaltung.png": {
    user: STAFF,
    show: async (page) => {
      await openScreen(page, "/user/manage", "Benutzerverwaltung");
      await expect(page.getByRole("row", { name: /member@demo\.test/ })).toBeVisible();
      return mainOf(page);
    },
  },
  "vereinsverwaltung.png": {
    user: STAFF,
    show: async (page) => {
      await openScreen(page, "/association/manage", "Vereinsverwaltung");
      await expect(page.getByRole("row", { name: /Musikverein Musterstadt/ })).toBeVisible();
      return mainOf(page);
    },
  },
  "veranstaltungen.png": {
    user: STAFF,
    show: async (page) => {
      await openScreen(page, "/event/manage", "Veranstaltungen");
      await expect(page.getByRole("row", { name: new RegExp(SPRING) })).toBeVisible();
      return mainOf(page);
    },
  },
  "veranstaltung-bearbeiten.png": {
    user: STAFF,
    show: async (page) => {
      await openScreen(page, "/event/manage", "Veranstaltungen");
      await rowAction(page, SPRING, "Bearbeiten");
      const dialog = page.getByRole("dialog", { name: "Veranstaltung bearbeiten" });
      await expect(dialog.getByLabel("Name")).toHaveValue(SPRING);
      await dialog.getByLabel("Name").press("End"); // no selected text in the picture
      return dialog;
    },
  },
  "veranstaltungsorte.png": {
    user: STAFF,
    show: async (page) => {
      await openScreen(page, "/event/location/manage", "Veranstaltungsorte");
      await chooseEvent(page, SPRING);
      await expect(page.getByRole("row", { name: /Praxis Holz/ })).toBeVisible();
      return mainOf(page);
    },
  },
  "zeitplan.png": {
    user: STAFF,
    show: async (page) => {
      await timetable(page);
      return mainOf(page);
    },
  },
  "zeitplan-verschieben.png": {
    user: STAFF,
    show: async (page) => {
      await timetable(page, true);
      await page.getByRole("button", { name: /^Aktionen für Felix Flöte \(Praxis, / }).click();
      await page.getByRole("menuitem", { name: "Verschieben…", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Felix Flöte verschieben" });
      await expect(dialog.getByRole("combobox", { name: "Beginn", exact: true })).toBeVisible();
      return dialog;
    },
  },
  "rechnungen.png": {
    user: STAFF,
    show: async (page) => {
      await invoices(page);
      return mainOf(page);
    },
  },
  "rechnungen-gebuehren.png": {
    user: STAFF,
    show: async (page) => {
      await invoices(page);
      await page.getByRole("button", { name: "Gebühren bearbeiten" }).click();
      const dialog = page.getByRole("dialog", { name: "Gebühren bearbeiten" });
      const theory = dialog.getByRole("group", { name: "D1", exact: true }).getByRole("textbox", { name: "Theorie", exact: true });
      await expect(theory).toHaveValue("15,00");
      await theory.press("End"); // no selected text in the picture
      return dialog;
    },
  },
  "ergebnisverwaltung-praxis.png": {
    user: STAFF,
    show: async (page) => {
      await results(page, AUTUMN);
      await expect(page.getByRole("table", { name: "D-Prüfungsergebnisse" }).getByRole("row", { name: /Lena/ })).toBeVisible();
      // the location list may render again while its query settles: retry the whole choice
      await expect(async () => {
        await page.getByRole("combobox", { name: "Prüfungsort" }).click();
        await page.getByRole("option", { name: /^Musikschule Musterstadt \(Praxis Herbst\)/ }).click({ timeout: 2_000 });
        await expect(page.getByRole("combobox", { name: "Prüfungsort" })).toContainText("Praxis Herbst", { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(page.getByRole("heading", { name: "Praxisbögen" })).toBeVisible();
      return mainOf(page);
    },
  },
  "ergebnisverwaltung-wertungsspiele.png": {
    user: STAFF,
    show: async (page) => {
      await results(page, COMPETITION);
      await expect(page.getByRole("heading", { name: "PC Juror" })).toBeVisible();
      return mainOf(page);
    },
  },
};

/** Captures the fixed-size frame of `file`: the screen area (right of the drawer) or around a dialog. */
async function capture(page: Page, anchor: Locator, file: ScreenshotFile) {
  const { width, height, frame } = SCREENSHOTS[file];
  const box = await anchor.boundingBox();
  if (!box) throw new Error(`${file}: nothing to capture`);
  const clampTo = (start: number, size: number, limit: number) => Math.max(0, Math.min(start, limit - size));
  const x =
    frame === "screen" ? clampTo(box.x, width, SCREENSHOT_VIEWPORT.width) : clampTo(box.x + box.width / 2 - width / 2, width, SCREENSHOT_VIEWPORT.width);
  const y = frame === "screen" ? clampTo(box.y, height, SCREENSHOT_VIEWPORT.height) : clampTo(box.y - 24, height, SCREENSHOT_VIEWPORT.height);
  // no hover effects, no blinking caret, no half-finished transitions
  await page.mouse.move(SCREENSHOT_VIEWPORT.width - 1, SCREENSHOT_VIEWPORT.height - 1);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(OUT_DIR, file), clip: { x, y, width, height }, animations: "disabled", caret: "hide", scale: "css" });
}

test.use({ viewport: SCREENSHOT_VIEWPORT, deviceScaleFactor: 1 });

test.beforeAll(() => {
  // the list is the truth: files no longer listed go away
  fs.mkdirSync(OUT_DIR, { recursive: true });
  for (const file of fs.readdirSync(OUT_DIR)) if (!(file in SCREENSHOTS)) fs.rmSync(path.join(OUT_DIR, file));
});

for (const user of [MEMBER, STAFF]) {
  test(`help screenshots as ${user}`, async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, user);
    for (const [file, scene] of Object.entries(scenes) as [ScreenshotFile, Scene][]) {
      if (scene.user !== user) continue;
      await test.step(file, async () => {
        const anchor = await scene.show(page);
        await capture(page, anchor, file);
        await page.keyboard.press("Escape");
        await page.keyboard.press("Escape");
      });
    }
  });
}
