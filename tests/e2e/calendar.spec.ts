// Calendars in the browser: an event card's "In den Kalender" download and the personal calendar
// feed on "Mein Account bearbeiten". The files are read by ical.js, not by the library that wrote them.
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import ICAL from "ical.js";
import { expectNotice, openScreen, signIn } from "./support.ts";

const vevents = (ics: string) => new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));

test("an event card offers its appointments as an .ics file that a calendar program reads", async ({ page }) => {
  await signIn(page, "member@demo.test");
  const card = page
    .getByTestId("event-card")
    .filter({ has: page.getByRole("button", { name: "In den Kalender" }) })
    .first();
  const name = (await card.getByRole("heading", { level: 2 }).textContent()) ?? "";
  const downloading = page.waitForEvent("download");
  await card.getByRole("button", { name: "In den Kalender" }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/\.ics$/);
  const events = vevents(fs.readFileSync((await file.path()) as string, "utf8"));
  expect(events.length).toBeGreaterThan(0);
  expect(events.every((e) => e.summary.startsWith(name))).toBe(true);
  expect(fs.readFileSync((await file.path()) as string, "utf8")).toMatch(/DTSTART;TZID=Europe\/Berlin:\d{8}T\d{6}/);
});

test("a member switches the calendar feed on, subscribes to its address, and switches it off", async ({ page }) => {
  await signIn(page, "member@demo.test");
  await openScreen(page, "/user/profile", "Mein Account bearbeiten");
  await expect(page.getByRole("heading", { name: "Kalender-Abo" })).toBeVisible();
  await page.getByRole("button", { name: "Kalender-Abo einschalten" }).click();
  await expectNotice(page, "Kalender-Abo eingeschaltet");
  const url = await page.getByLabel("Adresse des Kalender-Abos").inputValue();
  expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  // a calendar program fetches the address without any sign-in
  const feed = await page.request.get(url, { headers: { authorization: "" } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  // the demo member's club registered Clara Klarinette (D2) for the spring exams
  const summaries = vevents(await feed.text()).map((e) => e.summary);
  expect(summaries).toContain("Theorieprüfung D2: Clara Klarinette");
  await page.getByRole("button", { name: "Kalender-Abo ausschalten" }).click();
  await page.getByRole("button", { name: "OK" }).click();
  await expectNotice(page, "Kalender-Abo ausgeschaltet");
  await expect(page.getByRole("button", { name: "Kalender-Abo einschalten" })).toBeVisible();
  expect((await page.request.get(url)).status()).toBe(404);
});
