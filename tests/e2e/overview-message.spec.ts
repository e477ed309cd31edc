// A message to the registrants (issue 40 item 5): staff filter the overview, open „Nachricht an
// Angemeldete“, see the dry run's count, write subject and text with placeholders, confirm, and the
// mail arrives in the test mailbox (the log outbox, OUTBOX_FILE) with the placeholders filled in; an
// unknown placeholder is refused in the dialog. The demo registrations have no creating account, so
// the message goes to the club's accounts (member@demo.test); other specs add registrations and
// accounts: the count is read, not assumed, and the mail found by its own subject.
import { expect, type Page, test } from "@playwright/test";
import { expectNotice, type OutboxMail, outboxMails, signIn } from "./support.ts";

const mailsWith = (subject: string) => outboxMails().filter((m) => m.subject === subject);

async function openOverview(page: Page, event: string) {
  await page.goto("/#/registration/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Anmeldungsübersicht" })).toBeVisible();
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: event, exact: true }).click();
  return page.getByRole("table", { name: "D-Prüfungsanmeldungen" });
}

test("staff write to the registrants of the filtered overview: the count before sending, the confirmation, the mail with the placeholders filled in", async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  await signIn(page, "staff@demo.test");
  const table = await openOverview(page, "D-Prüfungen Frühjahr");
  const filters = page.getByRole("group", { name: "Filter" });
  await filters.getByRole("combobox", { name: "Verein", exact: true }).click();
  await page.getByRole("option", { name: "Musikverein Musterstadt", exact: true }).click();
  await expect(table.getByRole("row", { name: /Clara Klarinette/ })).toBeVisible();

  await page.getByRole("button", { name: "Nachricht an Angemeldete" }).click();
  const dialog = page.getByRole("dialog", { name: "Nachricht an Angemeldete" });
  await expect(dialog.getByRole("status")).toHaveText(/Geht an \d+ Empfänger|keine Empfänger/);
  await dialog.getByRole("switch", { name: "Auch an die Konten der Vereine" }).check();
  await expect(dialog.getByRole("status")).toHaveText(/Geht an [1-9]\d* Empfänger \(\d+ Anmeldungen\)/);
  const recipients = Number((await dialog.getByRole("status").textContent())?.match(/Geht an (\d+)/)?.[1]);

  await dialog.getByRole("textbox", { name: "Betreff" }).fill(`Hinweis ${tag} zu {veranstaltung}`);
  await dialog.getByRole("textbox", { name: "Text" }).fill("Hallo {vorname} {nachname},\n\nIhre Punkte: {punkte}");
  await dialog.getByRole("button", { name: "Senden" }).click();
  await expect(dialog.getByText("Unbekannter Platzhalter {punkte}: erlaubt sind nur {vorname}, {nachname}, {veranstaltung}")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Text" }).fill("Hallo {vorname} {nachname},\n\nbitte bringen Sie Ihre Noten mit.");
  await dialog.getByRole("button", { name: "Senden" }).click();

  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`Die Nachricht jetzt an ${recipients} Empfänger senden?`);
  await confirm.getByRole("button", { name: "Senden" }).click();
  await expectNotice(page, "Nachricht gesendet");
  await expect(dialog).toBeHidden();

  const subject = `Hinweis ${tag} zu D-Prüfungen Frühjahr`;
  await expect.poll(() => mailsWith(subject).length).toBe(recipients);
  const mail = mailsWith(subject).find((m) => m.to === "member@demo.test") as OutboxMail;
  expect(mail.text).toContain("Hallo Max Mitglied,\n\nbitte bringen Sie Ihre Noten mit.");
  expect(mail.text).toContain("„D-Prüfungen Frühjahr“");
});
