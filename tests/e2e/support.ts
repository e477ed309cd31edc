// Helpers the Playwright journeys share: sign-in through the embedded provider, the snackbar,
// screens by route, row menus, the German date and time fields, the test mailbox.
import fs from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";
import { OUTBOX } from "../../playwright.config.ts";

/** Signs in through the embedded provider's German page and waits for the start page. */
export async function signIn(page: Page, email: string, password = "demo") {
  await page.goto("/");
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await page.waitForURL(/\/#\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Start" })).toBeVisible();
}

/** The snackbar shows `text` (a string matches exactly); it is closed right away so the next message need not wait 5 s. */
export async function expectNotice(page: Page, text: string | RegExp) {
  const message = page.locator("[data-live-announcer]").getByText(text, typeof text === "string" ? { exact: true } : undefined);
  await expect(message).toBeVisible();
  // one step in the page: the message also closes itself after 5 s, which on a loaded machine can
  // come between finding the close button and clicking it (the button itself: a11y.spec.ts)
  await page.evaluate(() => document.querySelector<HTMLButtonElement>('[data-live-announcer] button[aria-label="Meldung schließen"]')?.click());
  await expect(message).toBeHidden();
}

/** Opens a screen by its hash route and waits for its heading. */
export async function openScreen(page: Page, path: string, heading: string) {
  await page.goto(`/#${path}`);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** The Ergebnisverwaltung with the D-exam theory location "Musikschule Musterstadt (Theorie)" of "D-Prüfungen Frühjahr" chosen (demo data). */
export async function openTheoryResults(page: Page) {
  await openScreen(page, "/result/manage", "Ergebnisverwaltung");
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: "D-Prüfungen Frühjahr", exact: true }).click();
  await page.getByRole("combobox", { name: "Prüfungsort" }).click();
  await page.getByRole("option", { name: /^Musikschule Musterstadt \(Theorie\)/ }).click();
  await expect(page.getByRole("combobox", { name: "Prüfungsort" })).toContainText("Musikschule Musterstadt (Theorie)");
}

/** Chooses `action` in the row menu "Aktionen für {name}". */
export async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole("button", { name: `Aktionen für ${name}` }).click();
  await page.getByRole("menuitem", { name: action, exact: true }).click();
}

/** "2030-10-01" → "01.10.2030", as a person types it into a German date field. */
export function germanDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day}.${month}.${year}`;
}

/** Types the wire date `isoDate` ("YYYY-MM-DD", "" clears) as TT.MM.JJJJ into the date field named `label`. */
export async function fillDate(scope: Locator, label: string, isoDate: string) {
  await scope.getByRole("textbox", { name: label, exact: true }).fill(isoDate ? germanDate(isoDate) : "");
}

/** Types the wire value `isoDateTime` ("YYYY-MM-DDTHH:MM", "" clears) into the date and time inputs of the field named `label`. */
export async function fillDateTime(scope: Locator, label: string, isoDateTime: string) {
  const [date = "", time = ""] = isoDateTime ? isoDateTime.split("T") : [];
  await scope.getByRole("textbox", { name: label, exact: true }).fill(date ? germanDate(date) : "");
  await scope.getByRole("textbox", { name: `${label}, Uhrzeit`, exact: true }).fill(time);
}

/** The field named `label` shows the wire value `isoDateTime` ("YYYY-MM-DDTHH:MM") as TT.MM.JJJJ and HH:MM. */
export async function expectDateTime(scope: Locator, label: string, isoDateTime: string) {
  const [date = "", time = ""] = isoDateTime.split("T");
  await expect(scope.getByRole("textbox", { name: label, exact: true })).toHaveValue(germanDate(date));
  await expect(scope.getByRole("textbox", { name: `${label}, Uhrzeit`, exact: true })).toHaveValue(time);
}

/** Answers a form dialog's question "Eingaben verwerfen?" (asked after input when it is closed) with "Verwerfen". */
export async function discardInput(page: Page) {
  await page.getByRole("alertdialog", { name: "Eingaben verwerfen?" }).getByRole("button", { name: "Verwerfen" }).click();
}

/** A GraphQL call with the signed-in user's access token (test setup through the API). */
export async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((candidate) => candidate.startsWith("oidc.user:"));
    return key ? (JSON.parse(localStorage.getItem(key) ?? "{}") as { access_token?: string }).access_token : undefined;
  });
  const response = await page.request.post("/graphql", {
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "x-graphql-csrf": "1" },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data as T;
}

/** A mail of the test mailbox (the e2e server's log outbox, OUTBOX_FILE). */
export type OutboxMail = { to: string; subject: string; text: string; html?: string };

/** Every mail the e2e server has written to the test mailbox so far (shared by all specs: filter by your own subject). */
export function outboxMails(): OutboxMail[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readFileSync(OUTBOX, "utf8")
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMail);
}
