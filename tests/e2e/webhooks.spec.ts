// "Webhooks" in a real browser: district staff with user_manage create an endpoint, see its secret
// once, edit it, see a change of the chosen type in its delivery log and send it again, rotate the
// secret and delete the endpoint after a confirmation naming it; a role without the right sees no
// menu entry and is sent to the start page.
import { expect, type Page, test } from "@playwright/test";
import { expectNotice, graphql, rowAction, signIn } from "./support.ts";

const URL_1 = "https://hooks.example.org/anmeldesystem";
const URL_2 = "https://hooks.example.org/anmeldesystem-v2";

async function readSecret(page: Page, url: string): Promise<string> {
  const shown = page.getByRole("dialog", { name: "Signaturgeheimnis des Webhook-Endpunkts" });
  await expect(shown).toContainText(`Das Signaturgeheimnis von „${url}“ wird nur jetzt angezeigt`);
  const secret = (await shown.getByTestId("webhook-secret").textContent()) as string;
  expect(secret).toMatch(/^whsec_/);
  await shown.getByRole("button", { name: "Schließen" }).click();
  await expect(shown).toBeHidden();
  return secret;
}

test("staff create a webhook endpoint, see the secret once, edit it, redeliver from its log, rotate the secret and delete it", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  await page.getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

  await page.getByRole("button", { name: "Neuer Webhook-Endpunkt" }).click();
  const dialog = page.getByRole("dialog", { name: "Neuer Webhook-Endpunkt" });
  // the server's field message: an address inside the own network is refused
  await dialog.getByLabel("Adresse (URL)").fill("https://127.0.0.1/hook");
  await dialog.getByRole("combobox", { name: "Ereignisarten" }).fill("Benutzer angelegt");
  await dialog.getByRole("option", { name: "Benutzer angelegt (user.created)" }).click();
  await dialog.getByRole("button", { name: "Anlegen" }).click();
  await expect(dialog.getByLabel("Adresse (URL)")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Adresse (URL)").fill(URL_1);
  await dialog.getByLabel("Beschreibung").fill("Mitgliederverwaltung");
  await dialog.getByRole("button", { name: "Anlegen" }).click();
  await expectNotice(page, "Webhook-Endpunkt angelegt");
  const secret = await readSecret(page, URL_1);

  const table = page.getByRole("table", { name: "Webhook-Endpunkte" });
  const row = table.getByRole("row").filter({ hasText: URL_1 });
  await expect(row).toContainText("Mitgliederverwaltung");
  await expect(row).toContainText("Benutzer angelegt (user.created)");
  await expect(row).toContainText("Aktiv");
  await expect(page.getByText(secret)).toHaveCount(0);

  await rowAction(page, URL_1, "Bearbeiten");
  const edit = page.getByRole("dialog", { name: "Webhook-Endpunkt bearbeiten" });
  await expect(edit.getByLabel("Adresse (URL)")).toHaveValue(URL_1);
  await edit.getByLabel("Adresse (URL)").fill(URL_2);
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Webhook-Endpunkt gespeichert");
  const edited = table.getByRole("row").filter({ hasText: URL_2 });
  await expect(edited).toBeVisible();

  // a change of the chosen type: the outbox logs a delivery in the change's transaction
  const viewer = await graphql<{ viewer: { districtAssociation: { id: string } } }>(page, "{ viewer { districtAssociation { id } } }");
  await graphql(page, "mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }", {
    input: { districtAssociation: viewer.viewer.districtAssociation.id, firstname: "Wera", lastname: "Webhook", email: "wera.webhook@demo.test" },
  });
  await page.reload();
  await rowAction(page, URL_2, "Zustellungen anzeigen");
  const log = page.getByRole("dialog", { name: `Zustellungen an ${URL_2}` });
  const delivery = log.getByRole("row").filter({ hasText: "Benutzer angelegt (user.created)" });
  await expect(delivery).toHaveCount(1);
  await delivery.getByRole("button", { name: /erneut senden/ }).click();
  await expectNotice(page, "Die Zustellung wird erneut gesendet");
  await log.getByRole("button", { name: "Schließen" }).last().click();
  await expect(log).toBeHidden();

  await rowAction(page, URL_2, "Geheimnis erneuern");
  const confirmRotate = page.getByRole("alertdialog");
  await expect(confirmRotate).toContainText(`Signaturgeheimnis von „${URL_2}“ erneuert werden`);
  await confirmRotate.getByRole("button", { name: "Geheimnis erneuern" }).click();
  await expectNotice(page, "Signaturgeheimnis erneuert");
  const rotated = await readSecret(page, URL_2);
  expect(rotated).not.toBe(secret);

  await rowAction(page, URL_2, "Abschalten");
  await expectNotice(page, "Webhook-Endpunkt abgeschaltet");
  await expect(edited).toContainText("Abgeschaltet seit");

  await rowAction(page, URL_2, "Löschen");
  const confirmDelete = page.getByRole("alertdialog");
  await expect(confirmDelete).toContainText(`den Webhook-Endpunkt „${URL_2}“`);
  await confirmDelete.getByRole("button", { name: "OK" }).click();
  await expectNotice(page, "Webhook-Endpunkt gelöscht");
  await expect(page.getByText("Noch keine Webhook-Endpunkte angelegt.")).toBeVisible();
});

test("a role without user_manage sees no menu entry and lands on the start page at #/webhooks", async ({ page }) => {
  await signIn(page, "reader@demo.test");
  await expect(page.getByRole("link", { name: "Benutzerverwaltung" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Webhooks" })).toHaveCount(0);
  await page.goto("/#/webhooks");
  await expect(page).toHaveURL(/\/#\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Start" })).toBeVisible();
});
