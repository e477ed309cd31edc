// Confirmation e-mails in the browser journey: a member registers an ensemble and the registering
// user's confirmation arrives in the outbox (the e2e server has no SMTP_URL: the log outbox,
// OUTBOX_FILE, as for invitations); the switch for result e-mails under "Mein Account bearbeiten"
// is stored. The demo data is shared with the other specs: own names, and the switch set back.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNotice, type OutboxMail, openScreen, outboxMails, signIn } from "./support.ts";

function mailsTo(email: string): OutboxMail[] {
  return outboxMails().filter((m) => m.to === email);
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(scope.getByRole("combobox", { name: label, exact: true })).toContainText(option);
}

test("a member's new competition registration sends the registering user a confirmation e-mail with the pieces and the overview link", async ({ page }) => {
  const band = `Mailkapelle ${Date.now().toString(36)}`;
  await signIn(page, "member@demo.test");
  await page.getByRole("article", { name: "Wertungsspiele", exact: true }).getByRole("button", { name: "Neue Anmeldung" }).click();
  const dialog = page.getByRole("dialog", { name: "Neue Wertungsspielanmeldung anlegen" });
  await dialog.getByRole("textbox", { name: "Name der Gruppe" }).fill(band);
  await choose(page, dialog, "Wertungsspieltyp", "K – Konzertmusik");
  await choose(page, dialog, "Besetzung", "Blasorchester");
  await choose(page, dialog, "Kategorie", "3 – mittelschwer");
  await dialog.getByRole("textbox", { name: "Dirigent" }).fill("Karl Kapellmeister");
  await dialog.getByRole("textbox", { name: "Anzahl Musiker" }).fill("40");
  const piece = dialog.getByRole("group", { name: "Pflichtstück" });
  await piece.getByRole("textbox", { name: "Titel" }).fill("Arsenal");
  await piece.getByRole("textbox", { name: "Komponist" }).fill("Jan Van der Roost");
  await piece.getByRole("textbox", { name: "Verlag" }).fill("De Haske");
  await piece.getByRole("textbox", { name: "Dauer" }).fill("05:10");
  await dialog.getByRole("checkbox", { name: /Datenschutzhinweise/ }).check();
  await dialog.getByRole("checkbox", { name: /Stornobedingungen/ }).check();
  await dialog.getByRole("button", { name: "Absenden" }).click();
  await expectNotice(page, "Wertungsspielanmeldung wurde erfolgreich angelegt");

  const subject = `Anmeldung eingegangen: ${band} (Wertungsspiele)`;
  await expect.poll(() => mailsTo("member@demo.test").filter((m) => m.subject === subject).length).toBe(1);
  const mail = mailsTo("member@demo.test").find((m) => m.subject === subject) as OutboxMail;
  expect(mail.text).toContain("Ihre Wertungsspielanmeldung ist eingegangen.");
  expect(mail.text).toContain("Musikverein Musterstadt");
  expect(mail.text).toContain("K – Konzertmusik, Blasorchester");
  expect(mail.text).toContain("Arsenal (Jan Van der Roost)");
  expect(mail.text).toMatch(/Zur Übersicht Ihrer Anmeldungen: http:\/\/localhost:\d+\/#\/registration\/overview/);
  expect(mail.text).toMatch(/Impressum: https?:\/\//);
  expect(mail.html).toContain("<a href=");
});

test("the switch for result e-mails under „Mein Account bearbeiten“ is stored", async ({ page }) => {
  await signIn(page, "member2@demo.test");
  await openScreen(page, "/user/profile", "Mein Account bearbeiten");
  const toggle = page.getByRole("switch", { name: "E-Mail, wenn Ergebnisse meiner Anmeldungen veröffentlicht werden" });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await page.getByRole("button", { name: "Speichern" }).first().click();
  await expectNotice(page, "Profil gespeichert");
  await page.reload();
  await expect(toggle).not.toBeChecked();
  // set back: the demo data is shared with the other journeys
  await toggle.check();
  await page.getByRole("button", { name: "Speichern" }).first().click();
  await expectNotice(page, "Profil gespeichert");
});
