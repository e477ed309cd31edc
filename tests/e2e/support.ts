// Helpers the Playwright journeys share: sign-in through the embedded provider, the snackbar,
// screens by route, row menus.
import { expect, type Page } from "@playwright/test";

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
  await page.getByRole("button", { name: "Meldung schließen" }).click();
  await expect(message).toBeHidden();
}

/** Opens a screen by its hash route and waits for its heading. */
export async function openScreen(page: Page, path: string, heading: string) {
  await page.goto(`/#${path}`);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** Chooses `action` in the row menu "Aktionen für {name}". */
export async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole("button", { name: `Aktionen für ${name}` }).click();
  await page.getByRole("menuitem", { name: action, exact: true }).click();
}
