// Decimal fields typed the German and the English way: "2,5" in
// "Theorieergebnis bearbeiten" was stored as 25 (a fail became a pass) under a German browser.
// Every decimal field is a text field read by the one parser (shared/decimal.ts), whatever the
// browser's language: typed, saved and read back through GraphQL. The journey uses its own
// candidate (Felix Flöte at the theory location) and deletes the result again.
import { expect, type Page, test } from "@playwright/test";
import { expectNotice, graphql, openTheoryResults, rowAction, signIn } from "./support.ts";

const EVENT = "D-Prüfungen Frühjahr";

/** Felix Flöte's stored theory points, read through GraphQL. */
async function storedTheoryPoints(page: Page): Promise<number | null> {
  const events = await graphql<{ events: { edges: { node: { id: string; name: string } }[] } }>(page, "{ events(first: 100) { edges { node { id name } } } }");
  const event = events.events.edges.find((edge) => edge.node.name === EVENT)?.node.id;
  const rows = await graphql<{ dexamResults: { firstname: string; lastname: string; theoryPoints: number | null }[] }>(
    page,
    'query ($e: ID!) { dexamResults(eventId: $e, search: "Flöte") { firstname lastname theoryPoints } }',
    { e: event },
  );
  return rows.dexamResults.find((r) => r.firstname === "Felix" && r.lastname === "Flöte")?.theoryPoints ?? null;
}

function decimalJourney() {
  test("[R-VA036][R-RE008] theory points typed with a comma or a point are stored as typed, shown as 2,50; two separators are refused", async ({ page }) => {
    await signIn(page, "staff@demo.test");
    await openTheoryResults(page);
    const felix = page.getByRole("table", { name: "D-Prüfungsergebnisse" }).getByRole("row", { name: /Felix Flöte/ });
    await expect(felix).toContainText("Theorie: offen");

    const save = async (typed: string) => {
      await rowAction(page, "Felix Flöte", "Theorieergebnis bearbeiten");
      const dialog = page.getByRole("dialog", { name: "Theorieergebnis bearbeiten" });
      const points = dialog.getByRole("textbox", { name: "Theoriepunkte" });
      await expect(points).toHaveAttribute("inputmode", "decimal");
      // typed key by key, as a person does (fill would set the value without the browser reading the keys)
      await points.fill("");
      await points.pressSequentially(typed);
      await dialog.getByRole("button", { name: "Speichern" }).click();
      return { dialog, points };
    };

    // a German "2,5": 2.5 points (not 25), a fail
    await save("2,5");
    await expectNotice(page, "Theorie-Prüfungsergebnis aktualisiert");
    await expect(felix).toContainText("Theorie: 2,50");
    expect(await storedTheoryPoints(page)).toBe(2.5);

    // "27,5" is 27.5 (not 275 and a range error); the dialog shows the stored points as 27,50 again
    await save("27,5");
    await expectNotice(page, "Theorie-Prüfungsergebnis aktualisiert");
    await expect(felix).toContainText("Theorie: 27,50");
    expect(await storedTheoryPoints(page)).toBe(27.5);

    // the point reads the same; the field shows the value the German way on leaving it
    const { dialog, points } = await save("2.5");
    await expectNotice(page, "Theorie-Prüfungsergebnis aktualisiert");
    await expect(dialog).toBeHidden();
    expect(await storedTheoryPoints(page)).toBe(2.5);
    await rowAction(page, "Felix Flöte", "Theorieergebnis bearbeiten");
    await expect(points).toHaveValue("2,50");

    // two separators: no guess, a German message, nothing stored
    for (const typed of ["2,5,1", "1.000,5"]) {
      await points.fill(typed);
      await dialog.getByRole("button", { name: "Speichern" }).click();
      await expect(dialog.getByText("keine Tausenderpunkte", { exact: false })).toBeVisible();
    }
    await points.fill("7.5");
    await points.press("Tab");
    await expect(points).toHaveValue("7,50");
    await dialog.getByRole("button", { name: "Abbrechen" }).click();
    await page.getByRole("alertdialog", { name: "Eingaben verwerfen?" }).getByRole("button", { name: "Verwerfen" }).click();
    expect(await storedTheoryPoints(page)).toBe(2.5);

    // put it back: no theory result
    await rowAction(page, "Felix Flöte", "Ergebnis löschen");
    await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
    await expectNotice(page, "D-Prüfungsergebnis gelöscht");
    await expect(felix).toContainText("Theorie: offen");
  });
}

test.describe("browser language German (de-DE)", () => {
  test.use({ locale: "de-DE" });
  decimalJourney();
});

test.describe("browser language English (en-US)", () => {
  test.use({ locale: "en-US" });
  decimalJourney();
});
