// Master data journeys in Debian's Chromium against the demo data (spec section 2 "Edit profile",
// "Edit my club", "User management", "Club management", "District association management"): an
// admin creates a club and a user, assigns the club, re-invites, blocks and unblocks the user and
// manages district associations; a member edits the own profile and club; a reader only reads.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNotice, openScreen, rowAction, signIn } from "./support.ts";

/** A second signed-in user in its own browser context (own session), with the project's settings. */
async function signInElsewhere(browser: Browser, email: string): Promise<Page> {
  const { baseURL, locale, timezoneId, viewport } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId, viewport });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

// 1×1 transparent PNG
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

test("[R-CM002][R-CM003][R-CM004][R-UM005][R-CM005][R-CM008][R-ER029][R-UM002][R-UM004][R-UM008][R-UM009][R-UM012][R-UM014][R-UM015][R-UM016][R-UM019][R-UM020][R-ER033] admin creates a club and a user, assigns the club, re-invites, blocks and unblocks the user", async ({
  page,
}) => {
  await signIn(page, "admin@demo.test");

  // club management: the clubs of the active district association, "Neuer Verein"
  await openScreen(page, "/association/manage", "Vereinsverwaltung");
  await expect(page.getByRole("columnheader", { name: "ID" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Musikverein Musterstadt/ })).toBeVisible();
  await page.getByRole("button", { name: "Neuer Verein" }).click();
  const clubDialog = page.getByRole("dialog", { name: "Neuer Verein" });
  await clubDialog.getByRole("button", { name: "Speichern" }).click();
  await expect(clubDialog.getByText("Dieses Feld ist ein Pflichtfeld")).toBeVisible();
  await clubDialog.getByLabel("Name").fill("Musikkapelle Endzu");
  // club management does not check the invoice e-mail (R-CM008)
  await clubDialog.getByLabel("Rechnungs-E-Mail").fill("kasse-endzu");
  await clubDialog.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Neuer Verein wurde erfolgreich angelegt");
  await expect(clubDialog).toBeHidden();
  await expect(page.getByRole("row", { name: /Musikkapelle Endzu/ })).toBeVisible();

  // the search filters the table
  await page.getByLabel("Suche").fill("Endzu");
  await expect(page.getByRole("row", { name: /Musikverein Musterstadt/ })).toBeHidden();
  await expect(page.getByRole("row", { name: /Musikkapelle Endzu/ })).toBeVisible();

  // user management: create mode has no phone or address fields
  await openScreen(page, "/user/manage", "Benutzerverwaltung");
  for (const header of ["ID", "Vorname", "Nachname", "E-Mail", "Vereine", "Zuletzt aktiv"]) {
    await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  await page.getByRole("button", { name: "Neuer Benutzer" }).click();
  const userDialog = page.getByRole("dialog", { name: "Neuer Benutzer" });
  await expect(userDialog.getByLabel("Vorname")).toBeVisible();
  await expect(userDialog.getByLabel("Telefon")).toHaveCount(0);
  await expect(userDialog.getByLabel("Straße")).toHaveCount(0);
  await userDialog.getByLabel("Vorname").fill("Erika");
  await userDialog.getByLabel("Nachname").fill("Endzu");
  await userDialog.getByLabel("E-Mail").fill("erika.endzu@demo.test");
  await userDialog.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Neuer Benutzer wurde erfolgreich angelegt");
  const row = page.getByRole("row", { name: /erika\.endzu@demo\.test/ });
  await expect(row).toBeVisible();
  // never signed in: "Zuletzt aktiv" is empty
  await expect(row.getByRole("cell").nth(5)).toHaveText("");

  // assign the new club with the chips multi-select
  await rowAction(page, "Erika Endzu", "Vereine zuordnen");
  const assignDialog = page.getByRole("dialog", { name: "Vereine zuordnen" });
  await assignDialog.getByRole("combobox", { name: "Vereine" }).fill("Endzu");
  await assignDialog.getByRole("option", { name: "Musikkapelle Endzu" }).click();
  await expect(assignDialog.getByRole("list", { name: "Ausgewählt: Vereine" })).toContainText("Musikkapelle Endzu");
  await assignDialog.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Benutzer zum Verein hinzugefügt");
  await expect(row).toContainText("Musikkapelle Endzu");

  // the club filter shows the club's members only
  await page.getByRole("combobox", { name: "Verein" }).click();
  await page.getByRole("option", { name: "Musikkapelle Endzu" }).click();
  await expect(row).toBeVisible();
  await expect(page.getByRole("row", { name: /member@demo\.test/ })).toBeHidden();

  // re-invite while the user never signed in
  await rowAction(page, "Erika Endzu", "Einladung erneut senden");
  await expectNotice(page, "Einladungsnachricht wurde erfolgreich versendet");

  // block: grey row with the "Benutzer deaktiviert" symbol; unblock is offered only now
  await page.getByRole("button", { name: "Aktionen für Erika Endzu" }).click();
  await expect(page.getByRole("menuitem", { name: "Reaktivieren" })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Deaktivieren" }).click();
  await expectNotice(page, "Benutzer wurde deaktiviert");
  await expect(row.getByRole("img", { name: "Benutzer deaktiviert" })).toBeVisible();
  await expect(row).toHaveAttribute("data-blocked", "true");

  await page.getByRole("button", { name: "Aktionen für Erika Endzu" }).click();
  await expect(page.getByRole("menuitem", { name: "Deaktivieren" })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Reaktivieren" }).click();
  await expectNotice(page, "Benutzer wurde reaktiviert");
  await expect(row.getByRole("img", { name: "Benutzer deaktiviert" })).toHaveCount(0);

  // delete asks first; "Abbrechen" keeps the user
  await rowAction(page, "Erika Endzu", "Löschen");
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(
    "Möchten Sie den Benutzer „Erika Endzu“ wirklich löschen? Das Benutzerkonto wird endgültig gelöscht; die Anmeldungen, die es angelegt hat, bleiben erhalten.",
  );
  await expect(confirm.getByRole("button", { name: "Abbrechen" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();
});

test("[R-SH070][R-SH072][R-DA006][R-DA008][R-DA002][R-DA003][R-DA004][R-DA005][R-DA007][R-DA010][R-VA017][R-ER030][R-ER036] admin creates a district association with a signature image and deletes it; the district selector follows", async ({
  page,
}) => {
  await signIn(page, "admin@demo.test");
  await openScreen(page, "/districtassociation/manage", "Kreisverbandsverwaltung");
  for (const header of ["ID", "Name", "IamRef"]) await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  await expect(page.getByRole("row", { name: /demo-kv-1/ })).toBeVisible();

  await page.getByRole("button", { name: "Neuer Kreisverband" }).click();
  const dialog = page.getByRole("dialog", { name: "Neuer Kreisverband" });
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Dieses Feld ist ein Pflichtfeld")).toHaveCount(4);
  await dialog.getByLabel("Name").fill("Kreisverband Endzu");
  await dialog.getByLabel("IamRef").fill("e2e-kv");
  await dialog.getByLabel("Datenschutz-URL").fill("https://example.org/endzu/datenschutz");
  await dialog.getByLabel("Impressum-URL").fill("https://example.org/endzu/impressum");
  await dialog.getByLabel("Unterschrift").setInputFiles({ name: "unterschrift.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
  await expect(dialog.getByText("Dieser Dateityp ist nicht erlaubt")).toBeVisible();
  await dialog.getByLabel("Unterschrift").setInputFiles({ name: "unterschrift.png", mimeType: "image/png", buffer: PNG });
  await expect(dialog.getByRole("img", { name: "Vorschau: Unterschrift" })).toBeVisible();
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Neuer Kreisverband wurde erfolgreich angelegt");
  await expect(page.getByRole("row", { name: /e2e-kv/ })).toBeVisible();
  const selector = page.getByLabel("Kreisverband", { exact: true });
  await expect(selector.getByRole("option", { name: "Kreisverband Endzu" })).toHaveCount(1);

  // the stored image comes back in the edit dialog
  await rowAction(page, "Kreisverband Endzu", "Bearbeiten");
  const edit = page.getByRole("dialog", { name: "Kreisverband bearbeiten" });
  await expect(edit.getByRole("img", { name: "Vorschau: Unterschrift" })).toBeVisible();
  // the generic create/edit dialog: "Abbrechen" and "Speichern"
  await expect(edit.getByRole("button", { name: "Abbrechen" })).toBeVisible();
  await edit.getByLabel("Impressum-URL").fill("https://example.org/endzu/impressum-neu");
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Kreisverband aktualisiert");

  await rowAction(page, "Kreisverband Endzu", "Löschen");
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByRole("button", { name: "Abbrechen" })).toBeVisible();
  // the question names the district and everything deleted with it
  await expect(confirm).toContainText(
    "Möchten Sie den Kreisverband „Kreisverband Endzu“ wirklich löschen? Dabei werden alle Benutzer, Vereine, Anmeldungen, Veranstaltungen, Veranstaltungsorte und Ergebnisse dieses Kreisverbands unwiderruflich gelöscht.",
  );
  await confirm.getByRole("button", { name: "OK" }).click();
  await expect(page.getByRole("row", { name: /e2e-kv/ })).toBeHidden();
  // the deleted row's menu button is gone: focus lands on the screen's heading, not on the page
  await expect(page.getByRole("heading", { level: 1, name: "Kreisverbandsverwaltung" })).toBeFocused();
  await expectNotice(page, "Kreisverband gelöscht");
  await expect(selector.getByRole("option", { name: "Kreisverband Endzu" })).toHaveCount(0);
});

test("[R-PR001][R-PR004][R-PR007][R-PR008][R-PR009][R-PR013][R-VA009][R-VA004][R-VA011][R-UM011][R-VA012] a member completes the profile: wrong phone and postcode show the German messages, valid data saves and the banner goes", async ({
  page,
  browser,
}) => {
  // an admin clears the member's phone (admin mode: phone and address optional)
  const admin = await signInElsewhere(browser, "admin@demo.test");
  await openScreen(admin, "/user/manage", "Benutzerverwaltung");
  await rowAction(admin, "Max Mitglied", "Bearbeiten");
  const edit = admin.getByRole("dialog", { name: "Benutzer bearbeiten" });
  await edit.getByLabel("Telefon").fill("");
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(admin, "Benutzer aktualisiert");
  await admin.context().close();

  await signIn(page, "member@demo.test");
  await expect(page.getByRole("alert").filter({ hasText: "Fehler: Benutzerprofil unvollständig" })).toBeVisible();
  await openScreen(page, "/user/profile", "Mein Account bearbeiten");
  const profile = page.getByRole("region", { name: "Benutzerprofil" });
  await expect(profile.getByLabel("Vorname")).toHaveValue("Max");
  await profile.getByLabel("Telefon").fill("0171");
  await profile.getByLabel("Postleitzahl").fill("abc");
  await profile.getByRole("button", { name: "Speichern" }).click();
  await expect(profile.getByText("Bitte eine gültige Telefonnummer inkl. internationaler Vorwahl eingeben (z.B. +49123456)")).toBeVisible();
  await expect(profile.getByText("Bitte eine gültige Postleitzahl eingeben")).toBeVisible();
  await profile.getByLabel("Telefon").fill("+491701234567");
  await profile.getByLabel("Postleitzahl").fill("70174");
  await profile.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Profil gespeichert");
  await expect(page.getByRole("alert").filter({ hasText: "Fehler: Benutzerprofil unvollständig" })).toHaveCount(0);

  // the other cards
  await expect(page.getByRole("region", { name: "Zugeordnete Vereine" }).getByRole("listitem")).toHaveText(["Musikverein Musterstadt"]);
  await expect(page.getByRole("region", { name: "Passwort" }).getByRole("button", { name: "Passwort ändern" })).toBeVisible();
  await page.getByRole("button", { name: "Benutzerkonto löschen" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Möchten Sie Ihr Benutzerkonto wirklich löschen? Diese Aktion kann nicht rückgängig gemacht werden.");
  await confirm.getByRole("button", { name: "Abbrechen" }).click();
  await expect(confirm).toBeHidden();
  await page.reload();
  await expect(page.getByTestId("drawer-user")).toContainText("Max Mitglied");
});

test("[R-MC001][R-MC002][R-MC003][R-MC005][R-MC006][R-VA016] a member edits the own club: the invoice e-mail is checked, valid data saves", async ({
  page,
}) => {
  await signIn(page, "member@demo.test");
  await openScreen(page, "/association/edit", "Mein Verein bearbeiten");
  await expect(page.getByRole("combobox", { name: "Verein" })).toContainText("Musikverein Musterstadt");
  await expect(page.getByLabel("Name")).toHaveValue("Musikverein Musterstadt");
  const invoiceEmail = page.getByLabel("Rechnungs-E-Mail");
  await invoiceEmail.fill("kasse");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Bitte eine gültige E-Mail Adresse eingeben")).toBeVisible();
  await invoiceEmail.fill("rechnung@mv-musterstadt.example");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Verein aktualisiert");
  await page.reload();
  await expect(page.getByLabel("Rechnungs-E-Mail")).toHaveValue("rechnung@mv-musterstadt.example");
});

test("[R-MC005][R-CM006][R-ER005] no lost updates: a club changed by staff meanwhile is not overwritten; after reloading the member saves twice", async ({
  page,
  browser,
}) => {
  await signIn(page, "member@demo.test");
  await openScreen(page, "/association/edit", "Mein Verein bearbeiten");
  await expect(page.getByLabel("Name")).toHaveValue("Musikverein Musterstadt");

  // meanwhile the district office changes the same club
  const staff = await signInElsewhere(browser, "staff@demo.test");
  await openScreen(staff, "/association/manage", "Vereinsverwaltung");
  await rowAction(staff, "Musikverein Musterstadt", "Bearbeiten");
  const edit = staff.getByRole("dialog", { name: "Verein bearbeiten" });
  await edit.getByLabel("Rechnungs-E-Mail").fill("buero@mv-musterstadt.example");
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(staff, "Verein aktualisiert");
  await staff.context().close();

  // the member's form still holds the old version: refused with the server's message
  const invoiceEmail = page.getByLabel("Rechnungs-E-Mail");
  await invoiceEmail.fill("kasse@mv-musterstadt.example");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(
    page
      .locator("[data-live-announcer]")
      .getByText(/^Verein kann nicht aktualisiert werden: Die Daten wurden inzwischen von jemand anderem geändert\. Bitte laden Sie die Seite neu/),
  ).toBeVisible();
  await page.getByRole("button", { name: "Meldung schließen" }).click();

  // reloaded: the office's change is there; two saves in a row both go through
  await page.reload();
  await expect(invoiceEmail).toHaveValue("buero@mv-musterstadt.example");
  await invoiceEmail.fill("kasse@mv-musterstadt.example");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Verein aktualisiert");
  await invoiceEmail.fill("rechnung@mv-musterstadt.example");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Verein aktualisiert");
  await page.reload();
  await expect(invoiceEmail).toHaveValue("rechnung@mv-musterstadt.example");
});

test("[R-PR008][R-PR010][R-PR011] a member deletes the own account after confirming and is signed out; the account is gone", async ({ page }) => {
  await signIn(page, "member2@demo.test");
  await openScreen(page, "/user/profile", "Mein Account bearbeiten");
  await page.getByRole("button", { name: "Benutzerkonto löschen" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  // signed out at the provider, the app asks for a sign-in again
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel("E-Mail").fill("member2@demo.test");
  await page.getByLabel("Passwort").fill("demo");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("alert")).toHaveText("E-Mail-Adresse oder Passwort ist falsch.");
});

test("[R-UM001][R-UM002][R-UM003][R-CM001][R-MC004] a reader sees the user and club tables but no create button and no row actions; without a club Save stays disabled", async ({
  page,
}) => {
  await signIn(page, "reader@demo.test");
  await openScreen(page, "/user/manage", "Benutzerverwaltung");
  const member = page.getByRole("row", { name: /member@demo\.test/ });
  await expect(member).toBeVisible();
  await expect(member).toContainText("Musikverein Musterstadt");
  await expect(page.getByRole("button", { name: "Neuer Benutzer" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Aktionen für/ })).toHaveCount(0);

  await openScreen(page, "/association/manage", "Vereinsverwaltung");
  await expect(page.getByRole("row", { name: /Stadtkapelle Musterstadt/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Neuer Verein" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Aktionen für/ })).toHaveCount(0);

  await openScreen(page, "/association/edit", "Mein Verein bearbeiten");
  await expect(page.getByText("Sie sind noch keinem Verein zugeordnet.", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Speichern" })).toBeDisabled();
});

test("[R-CM006][R-CM007][R-ER029] staff rename a club and delete it after confirming", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  await openScreen(page, "/association/manage", "Vereinsverwaltung");
  await page.getByRole("button", { name: "Neuer Verein" }).click();
  const create = page.getByRole("dialog", { name: "Neuer Verein" });
  await create.getByLabel("Name").fill("Spielmannszug Probe");
  await create.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Neuer Verein wurde erfolgreich angelegt");

  await rowAction(page, "Spielmannszug Probe", "Bearbeiten");
  const edit = page.getByRole("dialog", { name: "Verein bearbeiten" });
  await edit.getByLabel("Name").fill("Spielmannszug Probe neu");
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Verein aktualisiert");
  await expect(page.getByRole("row", { name: /Spielmannszug Probe neu/ })).toBeVisible();

  await rowAction(page, "Spielmannszug Probe neu", "Löschen");
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Möchten Sie den Verein „Spielmannszug Probe neu“ wirklich löschen?");
  await expect(confirm).toContainText("Ein Verein mit Anmeldungen kann nicht gelöscht werden.");
  await confirm.getByRole("button", { name: "OK" }).click();
  await expect(page.getByRole("row", { name: /Spielmannszug Probe neu/ })).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Vereinsverwaltung" })).toBeFocused();
  await expectNotice(page, "Verein gelöscht");
});
