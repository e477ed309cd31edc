// The change history on screen ("Änderungen") and a registration's appointments (.ics) from the
// overview's row menu: staff with registration_manage, user_manage and association_manage see who
// changed what; a member gets no "Änderungen" entry.
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import ICAL from "ical.js";
import { openScreen, rowAction, signIn } from "./support.ts";

test("staff read a registration's change history; the row offers its appointments as .ics", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  await page.goto("/#/registration/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Anmeldungsübersicht" })).toBeVisible();
  const table = page.getByRole("table", { name: "D-Prüfungsanmeldungen" });
  await expect(table.getByRole("row", { name: /Clara/ })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await rowAction(page, "Clara Klarinette", "In den Kalender");
  const file = await downloading;
  const ics = fs.readFileSync((await file.path()) as string, "utf8");
  const summaries = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v).summary);
  expect(summaries).toContain("Theorieprüfung D2: Clara Klarinette");

  await rowAction(page, "Clara Klarinette", "Änderungen");
  const dialog = page.getByRole("dialog", { name: "Änderungen: Clara Klarinette" });
  // the demo data is seeded without audit entries: the dialog says so
  await expect(dialog.getByText("Noch keine Änderungen protokolliert.")).toBeVisible();
  await dialog.getByRole("button", { name: "Schließen" }).click();
  await expect(dialog).toBeHidden();
});

test("staff open the change history of a user and of a club", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  await openScreen(page, "/user/manage", "Benutzerverwaltung");
  await rowAction(page, "Max Mitglied", "Änderungen");
  const userHistory = page.getByRole("dialog", { name: "Änderungen: Max Mitglied" });
  await expect(
    userHistory.getByText("Noch keine Änderungen protokolliert.").or(userHistory.getByRole("columnheader", { name: "Geänderte Felder" })),
  ).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Schließen" }).click();
  await openScreen(page, "/association/manage", "Vereinsverwaltung");
  const firstClub = (await page.getByRole("table").getByRole("row").nth(1).getByRole("cell").nth(1).textContent()) ?? "";
  await rowAction(page, firstClub, "Änderungen");
  await expect(page.getByRole("dialog", { name: `Änderungen: ${firstClub}` })).toBeVisible();
});

test("a member's row menu has the appointments but no change history", async ({ page }) => {
  await signIn(page, "member@demo.test");
  await page.goto("/#/registration/overview");
  await expect(page.getByRole("table", { name: "D-Prüfungsanmeldungen" }).getByRole("row", { name: /Clara/ })).toBeVisible();
  await page.getByRole("button", { name: "Aktionen für Clara Klarinette" }).click();
  await expect(page.getByRole("menuitem", { name: "In den Kalender" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Änderungen" })).toHaveCount(0);
});
