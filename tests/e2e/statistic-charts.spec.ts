// The statistics dialog draws its numbers: a chart per course and instrument and the registrations
// per day, each with its table (for screen readers) and CSV/PNG downloads.
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { openScreen, rowAction, signIn } from "./support.ts";

test("staff see the statistics as charts with tables and download a chart's numbers and picture", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  await openScreen(page, "/event/manage", "Veranstaltungen");
  await rowAction(page, "D-Prüfungen Frühjahr", "Statistik");
  const dialog = page.getByRole("dialog", { name: "Statistik: D-Prüfungen Frühjahr" });
  const kurse = dialog.getByRole("figure", { name: "Kurse" });
  await expect(kurse.getByRole("img", { name: "Diagramm: Kurse" })).toBeVisible();
  await expect(dialog.getByRole("figure", { name: "Anmeldungen pro Tag" })).toBeVisible();
  // the chart has pixels: a canvas of the dialog's width
  const box = await kurse.locator("canvas").boundingBox();
  expect(box?.width).toBeGreaterThan(200);
  expect(box?.height).toBeGreaterThan(100);
  // its numbers as a table
  await kurse.getByText("Als Tabelle anzeigen").click();
  const table = kurse.getByRole("table", { name: "Kurse" });
  await expect(table.getByRole("row", { name: /D2/ })).toBeVisible();
  // CSV and PNG
  const csvDownload = page.waitForEvent("download");
  await kurse.getByRole("button", { name: "CSV herunterladen" }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe("kurse.csv");
  const text = fs.readFileSync((await csv.path()) as string, "utf8");
  expect(text.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("Bezeichnung;Anzahl");
  expect(text).toMatch(/\r\nD2;\d+\r\n/);
  const pngDownload = page.waitForEvent("download");
  await kurse.getByRole("button", { name: "Bild (PNG) herunterladen" }).click();
  const png = await pngDownload;
  expect(png.suggestedFilename()).toBe("kurse.png");
  expect(
    fs
      .readFileSync((await png.path()) as string)
      .subarray(1, 4)
      .toString(),
  ).toBe("PNG");
});
