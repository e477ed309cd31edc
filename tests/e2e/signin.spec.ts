// Real sign-in through the embedded provider in Debian's Chromium, per role: the shell shows the
// right menu (spec section 2 "Menu visibility"), guards send typed addresses of foreign screens
// to the start page, the session survives a reload, and sign-out goes through the provider.
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support.ts";

const MAIN = ["Start", "Mein Account bearbeiten", "Mein Verein bearbeiten", "Anmeldungsübersicht"];
const STAFF_ONLY = ["Benutzerverwaltung", "Vereinsverwaltung", "Kreisverbandsverwaltung", "Veranstaltungen", "Veranstaltungsorte", "Ergebnisverwaltung"];

async function menuEntries(page: Page) {
  const nav = page.getByRole("navigation", { name: "Hauptmenü" });
  // open the collapsible groups so every link is in the DOM
  for (const group of await nav.getByRole("button", { expanded: false }).all()) {
    const name = (await group.textContent()) ?? "";
    if (/Veranstaltungsverwaltung|Hilfe/.test(name)) await group.click();
  }
  return (await nav.getByRole("link").allTextContents()).map((t) => t.trim());
}

test("[R-AU002][R-AU007][R-AU010][R-AU011][R-SH014] a member signs in with code + PKCE on a page naming the product and federation, wrong password first, and lands on the start page", async ({
  page,
}) => {
  // neither the sign-in page nor the app asks for anything that is not there
  const failed: string[] = [];
  page.on("response", (r) => {
    if (r.status() >= 400 && r.request().method() === "GET") failed.push(`${r.status()} ${r.url()}`);
  });
  const authorize = page.waitForRequest((r) => r.url().includes("/oidc/auth?"));
  await page.goto("/");
  const url = new URL((await authorize).url());
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  expect(url.searchParams.get("response_type")).toBe("code");
  expect(url.searchParams.get("scope")).toContain("openid");
  expect(url.searchParams.get("redirect_uri")).toMatch(/\/auth\/oidc\/callback$/);
  await page.waitForURL(/\/oidc\/interaction\//);
  await expect(page.getByRole("heading", { name: "Anmelden" })).toBeVisible();
  // the page says where one signs in: the product and the federation (FEDERATION_NAME)
  await expect(page.locator("header")).toContainText("Anmeldesystem");
  await expect(page.locator("header")).toContainText("Blasmusikverband Demo");
  await page.getByLabel("E-Mail").fill("member@demo.test");
  await page.getByLabel("Passwort").fill("falsch");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("alert")).toHaveText("E-Mail-Adresse oder Passwort ist falsch.");
  await page.getByLabel("Passwort").fill("demo");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await page.waitForURL(/\/#\/$/);
  await expect(page).toHaveTitle("Start - Anmeldesystem");
  await expect(page.getByTestId("drawer-user")).toContainText("Max Mitglied");
  expect(failed).toEqual([]);
  await expect(page.getByText("member@demo.test")).toBeVisible();
  await expect(page.getByTestId("app-version")).toContainText("v1.3.1");
  await expect(page.locator("#loading")).toBeHidden();
});

test("[R-SH046][R-SH047][R-SH048][R-SH049][R-SH050][R-SH052][R-SH054] a member sees only the entries for everyone and a read-only district selector", async ({
  page,
}) => {
  await signIn(page, "member@demo.test");
  const entries = await menuEntries(page);
  for (const e of MAIN) expect(entries).toContain(e);
  for (const e of STAFF_ONLY) expect(entries).not.toContain(e);
  await expect(page.getByLabel("Kreisverband")).toBeDisabled();
  await expect(page.getByLabel("Kreisverband")).toContainText("Kreisverband Musterstadt");
});

test("[R-SH032][R-SH034][R-SH019][R-SH021] a member typing a staff address ends on the start page", async ({ page }) => {
  await signIn(page, "member@demo.test");
  for (const path of ["/#/user/manage", "/#/districtassociation/manage", "/#/result/manage", "/#/help/event/manage"]) {
    await page.goto(path);
    await page.waitForURL(/\/#\/$/);
  }
  await page.goto("/#/registration/overview");
  await expect(page).toHaveTitle("Anmeldungsübersicht - Anmeldesystem");
});

test("[R-SH053][R-SH055][R-SH033] admin sees every entry, may change the district, and opens admin-only screens", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  const entries = await menuEntries(page);
  for (const e of [...MAIN, ...STAFF_ONLY]) expect(entries).toContain(e);
  await expect(page.getByLabel("Kreisverband")).toBeEnabled();
  await page.goto("/#/districtassociation/manage");
  await expect(page).toHaveTitle("Kreisverbandsverwaltung - Anmeldesystem");
  await expect(page.getByRole("heading", { level: 1, name: "Kreisverbandsverwaltung" })).toBeVisible();
});

test("[R-SH049][R-SH046][R-SH048] staff see the event administration, user and club management, but not the district administration", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  const entries = await menuEntries(page);
  for (const e of ["Benutzerverwaltung", "Vereinsverwaltung", "Veranstaltungen", "Veranstaltungsorte", "Ergebnisverwaltung"]) expect(entries).toContain(e);
  expect(entries).not.toContain("Kreisverbandsverwaltung");
});

test("[R-AU015][R-AU016][R-SH045] the session survives a reload; logout signs out at the provider", async ({ page }) => {
  await signIn(page, "reader@demo.test");
  await page.reload();
  await expect(page.getByTestId("drawer-user")).toContainText("Rita Leser");
  await page.getByRole("button", { name: "Abmelden" }).click();
  await page.waitForURL(/\/oidc\/session\/end/);
  await page.getByRole("button", { name: "Abmelden" }).click();
  // signed out: the app sends the visitor to the sign-in page again
  await page.waitForURL(/\/oidc\/interaction\//);
  await expect(page.getByRole("heading", { name: "Anmelden" })).toBeVisible();
});

test("[R-SH037][R-SH038] @mobile on a narrow screen the drawer starts closed and opens with the top-bar toggle", async ({ page }) => {
  await signIn(page, "member@demo.test");
  const toggle = page.getByRole("button", { name: "Menü öffnen" });
  await expect(toggle).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Hauptmenü" })).toBeHidden();
  await toggle.click();
  await expect(page.getByRole("navigation", { name: "Hauptmenü" })).toBeVisible();
});
