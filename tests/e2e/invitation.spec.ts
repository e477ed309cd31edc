// An invited user accepts the invitation of the embedded provider and signs in (R-UM010): the
// admin creates the user in the browser, the invitation link arrives in the outbox (the server
// log; OUTBOX_FILE here), the person sets a password on the German page and signs in.
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { OUTBOX } from "../../playwright.config.ts";
import { signIn } from "./support.ts";

function invitationLinkFor(email: string): string | undefined {
  if (!fs.existsSync(OUTBOX)) return undefined;
  const mails = fs
    .readFileSync(OUTBOX, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { to: string; text: string });
  const mail = mails.filter((m) => m.to === email).at(-1);
  return /https?:\/\/\S+\/oidc\/invite\/[\w-]+/.exec(mail?.text ?? "")?.[0];
}

test("[R-UM010][R-UM009][R-SH067][R-SH068] a user created by the admin accepts the invitation, sets a password and signs in", async ({ page, browser }) => {
  // unique per run: the outbox file may hold older runs' messages
  const email = `ina.${Date.now()}@demo.test`;
  await signIn(page, "admin@demo.test", "demo");
  await page.goto("/#/user/manage");
  await page.getByRole("button", { name: "Neuer Benutzer" }).click();
  const dialog = page.getByRole("dialog", { name: "Neuer Benutzer" });
  await dialog.getByLabel("Vorname").fill("Ina");
  await dialog.getByLabel("Nachname").fill("Eingeladen");
  await dialog.getByLabel("E-Mail").fill(email);
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByRole("row", { name: new RegExp(email.replace(/\./g, "\\.")) })).toBeVisible();

  await expect.poll(() => invitationLinkFor(email)).toBeTruthy();
  const link = invitationLinkFor(email) as string;

  const { baseURL, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId });
  const invited = await context.newPage();
  await invited.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await expect(invited.getByRole("heading", { name: "Passwort festlegen" })).toBeVisible();
  await invited.getByLabel("Neues Passwort", { exact: true }).fill("kurz");
  await invited.getByLabel("Neues Passwort wiederholen").fill("kurz");
  await invited.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(invited.getByRole("heading", { name: "Passwort festlegen" })).toBeVisible();
  await invited.getByLabel("Neues Passwort", { exact: true }).fill("sicheres-passwort");
  await invited.getByLabel("Neues Passwort wiederholen").fill("sicheres-passwort");
  await invited.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(invited.getByRole("status")).toContainText("Sie können sich jetzt anmelden");
  await signIn(invited, email, "sicheres-passwort");
  await expect(invited.getByText(email)).toBeVisible();
  // a new user has no address yet: the incomplete-profile banner asks for it
  await expect(invited.getByRole("alert").filter({ hasText: "Fehler: Benutzerprofil unvollständig" })).toBeVisible();
  await context.close();
});
