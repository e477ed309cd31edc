// The API-Explorer: GraphiQL inside the app for signed-in staff. Every staff
// member reaches it from "Mein Account bearbeiten", admins also from the "API-Zugänge" card; it
// sends full documents with the person's own token and shows the answer. The main menu links it
// for every staff member. Members who type the
// address end on the start page like at every guarded route.
import { expect, type Page, test } from "@playwright/test";
import { openScreen, signIn } from "./support.ts";

/** Collects what the browser reports about the Content Security Policy while the page runs. */
function watchCsp(page: Page): string[] {
  const reports: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) reports.push(message.text());
  });
  return reports;
}

/** Replaces the operation in GraphiQL's Monaco editor, runs it and returns the response editor. */
async function runQuery(page: Page, query: string) {
  const editor = page.locator(".graphiql-query-editor .monaco-editor").first();
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await editor.locator(".view-lines").click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  // insertText: no bracket auto-closing while "typing"
  await page.keyboard.insertText(query);
  await page.getByRole("button", { name: /^Execute query/ }).click();
  return page.locator(".graphiql-response");
}

test("a staff member without admin opens the API-Explorer from 'Mein Account bearbeiten' and runs { viewer { email } } with her own token", async ({
  page,
}) => {
  const csp = watchCsp(page);
  await signIn(page, "reader@demo.test");
  await openScreen(page, "/user/profile", "Mein Account bearbeiten");
  await page.getByRole("link", { name: "API-Explorer öffnen" }).click();
  await expect(page).toHaveURL(/#\/api-explorer$/);
  await expect(page.getByRole("heading", { level: 1, name: "API-Explorer" })).toBeVisible();
  await expect(page).toHaveTitle("API-Explorer - Anmeldesystem");

  const graphqlBodies: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/graphql") && request.method() === "POST") graphqlBodies.push(request.postData() ?? "");
  });
  const response = await runQuery(page, "{ viewer { email } }");
  await expect(response).toContainText("reader@demo.test");
  // the explorer sends the document itself, not a persisted id
  expect(graphqlBodies.some((body) => body.includes("viewer { email }") && !body.includes("documentId"))).toBe(true);

  // the schema documentation comes from introspection, which the server allows staff
  await page.getByRole("button", { name: "Show Documentation Explorer" }).click();
  await expect(page.getByText("Root Types")).toBeVisible();
  expect(csp, "CSP reports").toEqual([]);
});

test("[R-SH033] an admin reaches the API-Explorer from the 'API-Zugänge' card", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await openScreen(page, "/districtassociation/manage", "Kreisverbandsverwaltung");
  const card = page.getByRole("region", { name: "API-Zugänge" });
  await card.getByRole("link", { name: "API-Explorer öffnen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API-Explorer" })).toBeVisible();
  const response = await runQuery(page, "{ viewer { email roles } }");
  await expect(response).toContainText("admin@demo.test");
});

test("a staff member with one reading role reaches the API-Explorer from the main menu; a member's menu has no such entry", async ({ page, browser }) => {
  await signIn(page, "reader@demo.test");
  const nav = page.getByRole("navigation", { name: "Hauptmenü" });
  await nav.getByRole("link", { name: "API-Explorer", exact: true }).click();
  await expect(page).toHaveURL(/#\/api-explorer$/);
  await expect(page.getByRole("heading", { level: 1, name: "API-Explorer" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "API-Explorer", exact: true })).toHaveAttribute("aria-current", "page");

  const { baseURL, locale, timezoneId, viewport } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId, viewport });
  const member = await context.newPage();
  await signIn(member, "member@demo.test");
  const memberNav = member.getByRole("navigation", { name: "Hauptmenü" });
  await expect(memberNav.getByRole("link", { name: "Anmeldungsübersicht", exact: true })).toBeVisible();
  await expect(memberNav.getByRole("link", { name: "API-Explorer", exact: true })).toHaveCount(0);
  await context.close();
});

test("[R-SH032] a member sees no way into the API-Explorer, and typing #/api-explorer ends on the start page", async ({ page }) => {
  await signIn(page, "member@demo.test");
  await openScreen(page, "/user/profile", "Mein Account bearbeiten");
  await expect(page.getByRole("heading", { level: 2, name: "Meine Daten" })).toBeVisible();
  await expect(page.getByRole("link", { name: "API-Explorer öffnen" })).toHaveCount(0);
  await page.goto("/#/api-explorer");
  await expect(page).toHaveURL(/\/#\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Start" })).toBeVisible();
  await expect(page.locator(".graphiql-container")).toHaveCount(0);
});

test("beside the API-Explorer, the REST reference (OpenAPI of /v1) opens from the app's own server, under its CSP", async ({ page, context }) => {
  await signIn(page, "staff@demo.test");
  await openScreen(page, "/api-explorer", "API-Explorer");
  // every page of the context from its first script on (the reference opens in a new tab)
  const csp: string[] = [];
  context.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) csp.push(message.text());
  });
  const [reference] = await Promise.all([context.waitForEvent("page"), page.getByTestId("rest-reference").click()]);
  await reference.waitForLoadState();
  expect(new URL(reference.url()).pathname).toBe("/v1/docs/");
  await expect(reference.getByRole("heading", { name: /Anmeldesystem \/v1/ })).toBeVisible({ timeout: 20_000 });
  // the groups of spec section 7, with the calls in them
  await expect(reference.getByRole("heading", { name: /^Vereine/ })).toBeVisible();
  await expect(reference.getByText("/v1/association/{id}").first()).toBeVisible();
  expect(csp, "CSP reports").toEqual([]);
});
