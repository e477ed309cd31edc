// Camp health data for those who need them (docs/decisions.md "Who reads camp health data", "Reads
// of health data are recorded"): another account of the club sees "Angaben zur Freizeit vorhanden"
// instead of the values and no consent form; staff read them, and the read appears in the
// registration's "Änderungen" and in "Zugriffe auf Gesundheitsdaten".
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { openScreen, rowAction, signIn } from "./support.ts";

const CAMP = "D-Prüfungen Freizeit Sommer";
// a name of this journey's own, so other journeys' rows never matter
const FIRSTNAME = "Gesa";
const LASTNAME = `Gesund${Date.now() % 100000}`;
const NAME = `${FIRSTNAME} ${LASTNAME}`;

/** A /v1 call with the signed-in user's access token (test setup through the API). */
async function rest<T>(page: Page, method: "GET" | "POST", url: string, data?: unknown): Promise<T> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((candidate) => candidate.startsWith("oidc.user:"));
    return key ? (JSON.parse(localStorage.getItem(key) ?? "{}") as { access_token?: string }).access_token : undefined;
  });
  const response = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** axe-core finds no serious or critical WCAG 2.1 AA violation on the page. */
async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
  expect(serious, `axe on ${what}`).toEqual([]);
}

async function chooseEvent(page: Page, event: string) {
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: event, exact: true }).click();
}

test("staff register a camp child by phone for a club: the club's account sees only that there are camp data; staff's read is recorded", async ({ page }) => {
  // registration staff register the child for Musikverein Musterstadt (they are its registering account)
  await signIn(page, "staff@demo.test");
  const events = await rest<{ id: number; name: string }[]>(page, "GET", "/v1/events");
  const camp = events.find((e) => e.name === CAMP)!;
  const locations = await rest<{ id: number; type: string }[]>(page, "GET", `/v1/event/${camp.id}/locations`);
  const clubs = await rest<{ id: number; name: string }[]>(page, "GET", "/v1/associations?search=Musikverein%20Musterstadt");
  await rest(page, "POST", "/v1/registration/dexam", {
    event_id: camp.id,
    firstname: FIRSTNAME,
    lastname: LASTNAME,
    birthdate: "2013-05-06",
    gender: "f",
    association_id: clubs.find((c) => c.name === "Musikverein Musterstadt")!.id,
    instrument: "Flute",
    type: "D1",
    theory_location_id: locations.find((l) => l.type === "DExamTheory")!.id,
    gdpr_accepted: true,
    cancellation_accepted: true,
    health_consent_accepted: true,
    camp_extension: {
      allergies: "Haselnüsse",
      meal_request: "vegetarian",
      vaccinations: [],
      emergency_contact: [{ name: "Gerd Gesund", phone: "+49 711 4711" }],
    },
    file_upload: `data:application/pdf;base64,${Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n").toString("base64")}`,
    file_upload_name: "einverstaendnis.pdf",
  });

  // staff read the camp data in the registration's dialog
  await page.goto("/#/registration/overview");
  await chooseEvent(page, CAMP);
  const table = page.getByRole("table", { name: "D-Prüfungsanmeldungen" });
  await expect(table.getByRole("row", { name: new RegExp(NAME) })).toBeVisible();
  await rowAction(page, NAME, "Bearbeiten");
  const form = page.getByRole("dialog", { name: "D-Prüfungsanmeldung bearbeiten" });
  await expect(form.getByRole("textbox", { name: "Allergien" })).toHaveValue("Haselnüsse");
  await form.getByRole("button", { name: "Abbrechen" }).click();
  await expect(form).toBeHidden();

  // the read is in the registration's history
  await rowAction(page, NAME, "Änderungen");
  const history = page.getByRole("dialog", { name: `Änderungen: ${NAME}` });
  const accesses = history.getByRole("region", { name: "Zugriffe auf Gesundheitsdaten" });
  await expect(accesses.getByRole("row", { name: /Stefan Stab.*Anmeldung angesehen/ }).first()).toBeVisible();
  await expectAccessible(page, "the history with its health-data accesses");
  await history.getByRole("button", { name: "Schließen" }).click();

  // and in the district's access log
  await openScreen(page, "/registration/health-data-access", "Zugriffe auf Gesundheitsdaten");
  const log = page.getByRole("table", { name: "Zugriffe auf Gesundheitsdaten, neueste zuerst" });
  await expect(log.getByRole("row", { name: new RegExp(`Stefan Stab.*Anmeldung angesehen.*${NAME} \\(${CAMP}\\)`) }).first()).toBeVisible();
  await expect(page.getByText(/\d+ von \d+ Einträgen/)).toBeVisible();
  await expectAccessible(page, "the access log");

  // the club's account (not the registering one) sees the registration with the notice instead of the values
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, "member@demo.test");
  await page.goto("/#/registration/overview");
  await chooseEvent(page, CAMP);
  await expect(table.getByRole("row", { name: new RegExp(NAME) })).toBeVisible();
  await page.getByRole("button", { name: `Aktionen für ${NAME}` }).click();
  await expect(page.getByRole("menuitem", { name: "Einverständniserklärung herunterladen" })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Bearbeiten", exact: true }).click();
  const memberForm = page.getByRole("dialog", { name: "D-Prüfungsanmeldung bearbeiten" });
  await expect(memberForm.getByTestId("camp-data-withheld")).toContainText("Angaben zur Freizeit vorhanden");
  await expect(memberForm.getByRole("textbox", { name: "Allergien" })).toHaveCount(0);
  await expect(memberForm).not.toContainText("Haselnüsse");
  await expectAccessible(page, "the edit dialog with the notice");
});

test("members have no access log in the menu; a district without camp reads shows the empty log", async ({ page }) => {
  await signIn(page, "member@demo.test");
  await expect(page.getByRole("link", { name: "Zugriffe auf Gesundheitsdaten" })).toHaveCount(0);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  // district 2 of the demo has no camp event: nobody read health data there
  await signIn(page, "staff2@demo.test");
  await openScreen(page, "/registration/health-data-access", "Zugriffe auf Gesundheitsdaten");
  await expect(page.getByText("Noch keine Zugriffe auf Gesundheitsdaten protokolliert.")).toBeVisible();
});
