// The registration overview's first screen (district and event pickers, the first page of the chosen
// event) loads with its route: the route starts one GraphQL query as it is entered, beside its code,
// instead of a query per nested component, each waiting for the one above it.
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support.ts";

/** The GraphQL operations the page sends from now on, by name. */
function recordOperations(page: Page): string[] {
  const names: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST" || !new URL(request.url()).pathname.endsWith("/graphql")) return;
    const body = request.postDataJSON() as { operationName?: string } | null;
    names.push(body?.operationName ?? "?");
  });
  return names;
}

/** To the start page, until it is idle; then forgets what was sent. */
async function leaveForStart(page: Page, sent: string[]) {
  await page.goto("/#/");
  await expect(page.getByRole("heading", { level: 1, name: "Start" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  sent.length = 0;
}

async function firstScreenShown(page: Page, event: RegExp) {
  await expect(page.getByRole("heading", { level: 1, name: "Anmeldungsübersicht" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true })).toHaveText(event);
  await expect(page.getByRole("table", { name: "D-Prüfungsanmeldungen" }).getByRole("row").nth(1)).toBeVisible();
  await page.waitForLoadState("networkidle");
}

test("the overview's first screen is one GraphQL request when the district's event list is known, and at most two when the overview must choose the event from it", async ({
  page,
}) => {
  await signIn(page, "member@demo.test");
  const sent = recordOperations(page);

  // the first visit of the session: the route's query brings the pickers and the event list, then
  // the chosen (next upcoming) event's first page follows (before: screen, events, page in sequence)
  await page.goto("/#/registration/overview");
  await firstScreenShown(page, /D-Prüfungen Frühjahr/);
  expect(sent).toEqual(["RegistrationOverviewScreenQuery", "DexamOverviewQuery"]);

  // back to the overview later in the session: the route's one query brings the first page too
  await leaveForStart(page, sent);
  await page.goto("/#/registration/overview");
  await firstScreenShown(page, /D-Prüfungen Frühjahr/);
  expect(sent).toEqual(["RegistrationOverviewScreenQuery"]);

  // a search and a sort in the URL go into that one query as well
  await leaveForStart(page, sent);
  await page.goto("/#/registration/overview?q=a&sort=-lastname");
  await firstScreenShown(page, /D-Prüfungen Frühjahr/);
  await expect(page.getByRole("columnheader", { name: "Nachname" })).toHaveAttribute("aria-sort", "descending");
  expect(sent).toEqual(["RegistrationOverviewScreenQuery"]);
});
