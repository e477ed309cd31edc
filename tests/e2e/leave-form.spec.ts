// Leaving a half-filled form on a phone: the browser's or Android's Back and
// route changes asked nothing and the entries of "Neue Anmeldung" were gone. Every form dialog now
// asks "Eingaben verwerfen?" first, as its close button and Escape do (FormDialog with the one
// leave guard, components/leaveGuard.tsx). Phone size 390x844.
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support.ts";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Goes to `link` through the drawer menu (a navigation of the app: one history entry). */
async function viaMenu(page: Page, link: string) {
  await page.getByRole("button", { name: "Menü öffnen" }).click();
  await page.getByRole("navigation", { name: "Hauptmenü" }).getByRole("link", { name: link, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: link })).toBeVisible();
}

async function openNewRegistration(page: Page) {
  await page.getByRole("article", { name: "D-Prüfungen Frühjahr", exact: true }).getByRole("button", { name: "Neue Anmeldung" }).click();
  const dialog = page.getByRole("dialog", { name: /Neue D-Prüfungsanmeldung/ });
  await expect(dialog.getByRole("textbox", { name: "Vorname" })).toBeVisible();
  return dialog;
}

test("[R-ST026] on a phone, Back with a half-filled 'Neue Anmeldung' asks 'Eingaben verwerfen?' and keeps the draft or leaves", async ({ page }) => {
  await signIn(page, "member@demo.test");
  await viaMenu(page, "Anmeldungsübersicht");
  await viaMenu(page, "Start");

  // nothing entered: Back leaves without a question
  let dialog = await openNewRegistration(page);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Anmeldungsübersicht" })).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(dialog).toBeHidden();
  await page.goForward();
  await expect(page.getByRole("heading", { level: 1, name: "Start" })).toBeVisible();

  // half filled: Back asks; "Weiter bearbeiten" keeps the page and the draft
  dialog = await openNewRegistration(page);
  await dialog.getByRole("textbox", { name: "Vorname" }).fill("Bettina");
  await page.goBack();
  const question = page.getByRole("alertdialog", { name: "Eingaben verwerfen?" });
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Weiter bearbeiten" }).click();
  await expect(question).toBeHidden();
  await expect(dialog.getByRole("textbox", { name: "Vorname" })).toHaveValue("Bettina");
  expect(new URL(page.url()).hash).toBe("#/");

  // Back again: "Verwerfen" goes back
  await page.goBack();
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Verwerfen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Anmeldungsübersicht" })).toBeVisible();
  await expect(dialog).toBeHidden();
});
