// "Meine Daten herunterladen" on "Mein Account bearbeiten": a member downloads
// everything stored about them as JSON, in a real browser.
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { openScreen, signIn } from "./support.ts";

test("a member downloads all data stored about them as a JSON file (with their e-mail address), and reads what deleting the account keeps", async ({
  page,
}) => {
  await signIn(page, "member@demo.test");
  await openScreen(page, "/user/profile", "Mein Account bearbeiten");
  await expect(page.getByRole("heading", { name: "Meine Daten" })).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Meine Daten herunterladen" }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^meine-daten-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync((await file.path()) as string, "utf8"));
  expect(data.account).toMatchObject({ email: "member@demo.test", firstname: "Max", lastname: "Mitglied" });
  expect(data.account.passwordHash).toBeUndefined();
  expect(data.clubs.length).toBeGreaterThan(0);
  expect(Array.isArray(data.dexamRegistrations)).toBe(true);
  // the JSON also holds the mails sent to them, changes others made, the calendar feed's state
  expect(Array.isArray(data.mails)).toBe(true);
  expect(Array.isArray(data.changesByOthers)).toBe(true);
  expect(data.calendarFeed).toEqual({ enabled: expect.any(Boolean), since: data.calendarFeed.enabled ? expect.any(String) : null });
  // the consent forms themselves as one zip
  const zipping = page.waitForEvent("download");
  await page.getByRole("button", { name: "Einverständniserklärungen herunterladen (ZIP)" }).click();
  const zip = await zipping;
  expect(zip.suggestedFilename()).toMatch(/^meine-einverstaendniserklaerungen-\d{4}-\d{2}-\d{2}\.zip$/);
  expect(
    fs
      .readFileSync((await zip.path()) as string)
      .subarray(0, 2)
      .toString(),
  ).toBe("PK");
  // what deleting the account keeps, said beside the delete button
  await expect(page.getByText(/Was bleibt: Ihre Anmeldungen bleiben ohne Verweis auf Ihr Konto bei Ihrem Verein/)).toBeVisible();
});
