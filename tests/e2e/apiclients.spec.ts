// "API-Zugänge" in a real browser: an admin creates an API client on the
// district association screen, sees its secret once, a program gets a client-credentials token
// with it and calls /v1; after "Widerrufen" the token endpoint refuses the client.
import { expect, test } from "@playwright/test";
import { expectNotice, openScreen, rowAction, signIn } from "./support.ts";

test("an admin creates an API client, its secret works at the token endpoint, and revoking it refuses the client", async ({ page, request }) => {
  await signIn(page, "admin@demo.test");
  await openScreen(page, "/districtassociation/manage", "Kreisverbandsverwaltung");
  await expect(page.getByRole("heading", { level: 2, name: "API-Zugänge" })).toBeVisible();

  await page.getByRole("button", { name: "API-Zugang anlegen" }).click();
  const dialog = page.getByRole("dialog", { name: "API-Zugang anlegen" });
  await dialog.getByLabel("Bezeichnung").fill("Kassenprogramm");
  await dialog.getByRole("combobox", { name: "Rollen" }).fill("Veranstaltungen");
  await dialog.getByRole("option", { name: "Veranstaltungen verwalten" }).click();
  await dialog.getByRole("button", { name: "Anlegen" }).click();
  await expectNotice(page, "API-Zugang angelegt");

  const shown = page.getByRole("dialog", { name: "API-Zugang angelegt" });
  await expect(shown).toContainText("wird nur jetzt angezeigt");
  const clientId = (await shown.getByTestId("api-client-id").textContent()) as string;
  const secret = (await shown.getByTestId("api-client-secret").textContent()) as string;
  expect(clientId).toMatch(/^api-/);
  await shown.getByRole("button", { name: "Schließen" }).click();

  const table = page.getByRole("table", { name: "API-Zugänge" });
  const row = table.getByRole("row").filter({ hasText: "Kassenprogramm" });
  await expect(row).toContainText(clientId);
  await expect(row).toContainText("Veranstaltungen verwalten");
  await expect(row).toContainText("Aktiv");
  await expect(page.getByText(secret)).toHaveCount(0);

  const tokenRequest = () =>
    request.post("/oidc/token", {
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}` },
      form: { grant_type: "client_credentials" },
    });
  const granted = await tokenRequest();
  expect(granted.status()).toBe(200);
  const { access_token } = (await granted.json()) as { access_token: string };
  const events = await request.get("/v1/events", { headers: { authorization: `Bearer ${access_token}` } });
  expect(events.status()).toBe(200);

  await rowAction(page, "Kassenprogramm", "Widerrufen");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expectNotice(page, "API-Zugang widerrufen");
  await expect(row).toContainText("Widerrufen am");
  const refused = await tokenRequest();
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: string }).error).toBe("invalid_client");
});
