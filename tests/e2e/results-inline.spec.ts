// Theory points typed straight into the results table (issue 40 item 6), as staff at 1280x800:
// "2,5" and Enter saves the row and moves to the next row's input, a reload shows 2,50; a value the
// rules refuse shows the dialog's German message on its row, keeps the focus there and changes
// nothing; Escape restores the saved value; a row saved meanwhile in another tab answers the
// server's conflict message. The demo data is shared with the other specs: the journey picks the
// first row that is not Felix Flöte (the other specs' candidate) and deletes its result again.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNotice, openTheoryResults, rowAction, signIn } from "./support.ts";

const LABEL = "Theoriepunkte für ";

/** The theory location's results table with its "Theoriepunkte" column. */
async function theoryTable(page: Page): Promise<Locator> {
  await openTheoryResults(page);
  const table = page.getByRole("table", { name: "D-Prüfungsergebnisse" });
  await expect(table.getByRole("columnheader", { name: "Theoriepunkte", exact: true })).toBeVisible();
  return table;
}

/** The names of the rows with an inline input, in table order. */
async function inlineNames(table: Locator): Promise<string[]> {
  const inputs = table.getByRole("textbox", { name: LABEL });
  await expect(inputs.first()).toBeVisible();
  const labels = await inputs.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("aria-label") ?? ""));
  return labels.map((label) => label.slice(LABEL.length));
}

test("[R-RE007][R-RE008][R-VA036] staff type theory points row by row in the results table: 2,5 + Enter saves and moves on; a refused value changes nothing", async ({
  page,
  browser,
}) => {
  await signIn(page, "staff@demo.test");
  let table = await theoryTable(page);
  const names = await inlineNames(table);
  const index = names.findIndex((name, i) => name !== "Felix Flöte" && i + 1 < names.length);
  expect(index).toBeGreaterThanOrEqual(0);
  const [name, nextName] = [names[index], names[index + 1]];
  const points = table.getByRole("textbox", { name: `${LABEL}${name}`, exact: true });
  const next = table.getByRole("textbox", { name: `${LABEL}${nextName}`, exact: true });
  const nextSaved = await next.inputValue();
  await expect(points).toHaveAttribute("inputmode", "decimal");

  // a German "2,5", Enter: saved, the next row's input has the focus
  await points.fill("");
  await points.pressSequentially("2,5");
  await points.press("Enter");
  await expectNotice(page, "Theorie-Prüfungsergebnis aktualisiert");
  await expect(next).toBeFocused();
  await expect(points).toHaveValue("2,50");
  await expect(table.getByRole("row", { name: new RegExp(name) })).toContainText("Theorie: 2,50");

  // a value the rules refuse: the dialog's message on its row, the focus stays, nothing saved
  await next.fill("100,5");
  await next.press("Enter");
  const nextRow = table.getByRole("row", { name: new RegExp(nextName) });
  await expect(nextRow.getByRole("alert")).toHaveText("Die Punktzahl muss zwischen 0 und 100 liegen");
  await expect(next).toHaveAttribute("aria-invalid", "true");
  await expect(next).toBeFocused();
  // the inputs, one with its message, pass axe (labels naming the person, the message described)
  const axe = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .include('table[aria-label="D-Prüfungsergebnisse"]')
    .analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await expect(next).toHaveAttribute("aria-describedby", /.+/);
  // Escape restores the saved value
  await next.press("Escape");
  await expect(next).toHaveValue(nextSaved);
  await expect(nextRow.getByRole("alert")).toHaveCount(0);

  // after a reload the saved points are there, the refused value is not
  await page.reload();
  table = await theoryTable(page);
  await expect(table.getByRole("textbox", { name: `${LABEL}${name}`, exact: true })).toHaveValue("2,50");
  await expect(table.getByRole("textbox", { name: `${LABEL}${nextName}`, exact: true })).toHaveValue(nextSaved);

  // another tab saves the row meanwhile: this tab's save is refused with the conflict message
  const other = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(other, "staff@demo.test");
  const otherTable = await theoryTable(other);
  const otherPoints = otherTable.getByRole("textbox", { name: `${LABEL}${name}`, exact: true });
  await otherPoints.fill("3");
  await otherPoints.press("Enter");
  await expectNotice(other, "Theorie-Prüfungsergebnis aktualisiert");
  await other.context().close();
  const stale = table.getByRole("textbox", { name: `${LABEL}${name}`, exact: true });
  await stale.fill("4");
  await stale.press("Tab");
  await expect(table.getByRole("row", { name: new RegExp(name) }).getByRole("alert")).toContainText("Die Daten wurden inzwischen von jemand anderem geändert");
  await expect(stale).toBeFocused();

  // put it back: no theory result
  await page.reload();
  table = await theoryTable(page);
  await rowAction(page, name, "Ergebnis löschen");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expectNotice(page, "D-Prüfungsergebnis gelöscht");
  await expect(table.getByRole("row", { name: new RegExp(name) })).toContainText("Theorie: offen");
  await expect(table.getByRole("textbox", { name: `${LABEL}${name}`, exact: true })).toHaveValue("");
});
