// The timetable (Zeitplan, docs/decisions.md "Timetables") in the browser: staff open it from the
// event administration, plan, move a slot by keyboard only (row menu, selects, the server's conflict
// check before saving), save the rules and publish; the club's member then sees the time in the
// overview and the registration's dialog, gets the mail and the calendar entry; a later move sends
// "Zeitplan geändert" and raises the calendar's SEQUENCE to 1. The journey registers its own
// candidate (the demo registrations have no creator to mail).
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import ICAL from "ical.js";
import { expectNotice, graphql, type OutboxMail, openScreen, outboxMails, rowAction, signIn } from "./support.ts";

const CANDIDATE = "Zora Zeitplan";
const LOCATION = "Klarinette D2 (Praxis)";

function mailsTo(email: string): OutboxMail[] {
  return outboxMails().filter((mail) => mail.to === email && mail.subject.includes(CANDIDATE));
}

const slotEvents = (ics: string) =>
  new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").filter((v) => String(v.getFirstPropertyValue("uid")).includes("-slot-"));

/** Moves the candidate's slot by keyboard: the row menu, "Verschieben…", the start chosen with `keys` in the open list. */
async function openMoveByKeyboard(page: Page) {
  const trigger = page.getByRole("button", { name: new RegExp(`^Aktionen für ${CANDIDATE} \\(Praxis, `) });
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Verschieben…" })).toBeVisible();
  // the first entry is highlighted when the menu opens by keyboard
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `${CANDIDATE} verschieben` });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseStart(page: Page, dialog: ReturnType<Page["getByRole"]>, keys: string[]) {
  await dialog.getByRole("combobox", { name: "Beginn" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("listbox")).toBeVisible();
  for (const key of keys) await page.keyboard.press(key);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("listbox")).toBeHidden();
}

test("staff plan, move by keyboard and publish; the member sees the time, gets the mails and the calendar entry with SEQUENCE 1 after a move", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // the member registers a candidate for the clarinet practice of the spring exams
  const { baseURL, locale, timezoneId, viewport } = test.info().project.use;
  const memberContext = await browser.newContext({ baseURL, locale, timezoneId, viewport });
  const member = await memberContext.newPage();
  await signIn(member, "member@demo.test");
  const setup = await graphql<{
    events: { edges: { node: { id: string; databaseId: number; name: string; locations: { databaseId: number; name: string }[] } }[] };
    viewer: { associations: { id: string; name: string }[] };
  }>(member, "{ viewer { associations { id name } } events(first: 100) { edges { node { id databaseId name locations { databaseId name } } } } }");
  const spring = setup.events.edges.map((edge) => edge.node).find((event) => event.name === "D-Prüfungen Frühjahr");
  if (!spring) throw new Error("demo event missing");
  const practice = spring.locations.find((location) => location.name === LOCATION);
  const club = setup.viewer.associations.find((association) => association.name === "Musikverein Musterstadt") ?? setup.viewer.associations[0];
  const created = await graphql<{ createDexamRegistration: { id: string; databaseId: number } }>(
    member,
    "mutation ($eventId: ID!, $input: DexamRegistrationInput!) { createDexamRegistration(eventId: $eventId, input: $input) { id databaseId } }",
    {
      eventId: spring.id,
      input: {
        association: club.id,
        firstname: "Zora",
        lastname: "Zeitplan",
        birthdate: "2011-06-06",
        gender: "F",
        instrument: "CLARINET",
        type: "D2",
        practiceLocationId: practice?.databaseId,
        gdprAccepted: true,
        cancellationAccepted: true,
      },
    },
  );
  const registrationId = created.createDexamRegistration.databaseId;
  // the outbox file outlives a run: count only what this run adds
  const count = (prefix: string) => mailsTo("member@demo.test").filter((mail) => mail.subject.startsWith(prefix)).length;
  const before = { published: count("Zeitplan veröffentlicht"), changed: count("Zeitplan geändert") };

  // staff: from the event administration's row menu to the timetable
  await signIn(page, "staff@demo.test");
  await openScreen(page, "/event/manage", "Veranstaltungen");
  await rowAction(page, "D-Prüfungen Frühjahr", "Zeitplan");
  await expect(page.getByRole("heading", { level: 1, name: "Zeitplan" })).toBeVisible();
  const section = page.getByRole("region", { name: `Praxis: ${LOCATION}` });
  await expect(section).toBeVisible();
  await page.getByRole("button", { name: "Zeitplan erstellen" }).click();
  await expectNotice(page, /^Zeitplan erstellt: /);
  // the screen shows one day of one location at a time: the candidate's day is chosen in the practice location's days
  const planned = await graphql<{ timetable: { locations: { location: { name: string }; slots: { title: string; day: string }[] }[] } }>(
    page,
    "query ($e: ID!) { timetable(eventId: $e) { locations { location { name } slots { title day } } } }",
    { e: spring.id },
  );
  const slotDay = planned.timetable.locations.find((l) => l.location.name === LOCATION)?.slots.find((slot) => slot.title === CANDIDATE)?.day ?? "";
  const [y, m, d] = slotDay.split("-");
  const dayButton = section.getByRole("group", { name: "Tag" }).getByRole("button", { name: new RegExp(`, ${d}\\.${m}\\.${y}$`) });
  await dayButton.click();
  await expect(dayButton).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(new RegExp(`day=${slotDay}`));
  await expect(section.getByRole("row", { name: new RegExp(CANDIDATE) })).toBeVisible();

  // the screen passes axe (WCAG 2.1 AA: no serious or critical violation)
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  // move by keyboard to the last start of the day: no conflict, saved and locked
  let dialog = await openMoveByKeyboard(page);
  await chooseStart(page, dialog, ["End"]);
  await expect(dialog.getByText("Keine Konflikte.")).toBeVisible();
  await dialog.getByRole("button", { name: "Verschieben", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expectNotice(page, "Eintrag verschoben");
  const row = section.getByRole("row", { name: new RegExp(CANDIDATE) });
  await expect(row.getByRole("cell").nth(4)).toHaveText("Ja");
  const firstTime = ((await row.getByRole("cell").first().textContent()) ?? "").split("–")[0];

  // the rules (the location's defaults) saved, then published
  await section.getByRole("button", { name: "Regeln bearbeiten" }).click();
  const rules = page.getByRole("dialog", { name: `Zeitplan-Regeln: ${LOCATION}` });
  // a practice length per course and instrument: a row of choices, with axe; removed again (the plan stays as it is)
  await rules.getByRole("button", { name: "Ausnahme hinzufügen" }).click();
  const exceptions = rules.getByRole("group", { name: "Abweichende Praxisdauer" });
  await expect(exceptions.getByRole("combobox", { name: /^Kurs \(Ausnahme \d+\)$/ }).last()).toHaveText(/Jeder Kurs/);
  await expect(exceptions.getByRole("combobox", { name: /^Instrument \(Ausnahme \d+\)$/ }).last()).toHaveText(/Jedes Instrument/);
  const dialogScan = await new AxeBuilder({ page }).include("[role=dialog]").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(dialogScan.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await exceptions
    .getByRole("button", { name: /^Ausnahme \d+ entfernen$/ })
    .last()
    .click();
  await rules.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Regeln gespeichert");
  await section.getByRole("button", { name: "Veröffentlichen" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Veröffentlichen" }).click();
  await expectNotice(page, /^Zeitplan veröffentlicht, \d+ E-Mails verschickt$/);
  await expect(section).toContainText("Veröffentlicht am");

  // the member: the time in the overview, the mail, the calendar entry (SEQUENCE 0)
  await expect.poll(() => count("Zeitplan veröffentlicht")).toBe(before.published + 1);
  const published = mailsTo("member@demo.test").findLast((mail) => mail.subject.startsWith("Zeitplan veröffentlicht")) as OutboxMail;
  expect(published.text).toContain(`${firstTime} – `);
  expect(published.text).toContain(LOCATION);
  // searched: the suite's other journeys fill this event with more rows than one page holds
  await openScreen(member, `/registration/overview?event=${spring.databaseId}&q=${encodeURIComponent(CANDIDATE.split(" ")[1])}`, "Anmeldungsübersicht");
  const memberRow = member.getByRole("row", { name: new RegExp(CANDIDATE) });
  await expect(memberRow).toContainText(`Praxis: `);
  await expect(memberRow).toContainText(new RegExp(`Praxis: \\d\\d\\.\\d\\d\\., ${firstTime}, `));
  // the registration's dialog names day, times, room and location
  await member.getByRole("button", { name: `Aktionen für ${CANDIDATE}` }).click();
  await member.getByRole("menuitem", { name: /^(Bearbeiten|Ansehen)$/ }).click();
  const details = member.getByRole("dialog");
  await expect(details.getByRole("region", { name: "Zeitplan" })).toContainText(
    new RegExp(`Praxis: .*, ${firstTime}–.* Uhr, .*, ${LOCATION.replace(/[()]/g, "\\$&")}`),
  );
  await member.keyboard.press("Escape");
  await expect(details).toBeHidden();
  const download = member.waitForEvent("download");
  await rowAction(member, CANDIDATE, "In den Kalender");
  let ics = fs.readFileSync((await (await download).path()) as string, "utf8");
  let slots = slotEvents(ics);
  expect(slots).toHaveLength(1);
  expect(slots[0].getFirstPropertyValue("sequence")).toBe(0);
  expect(String(slots[0].getFirstPropertyValue("summary"))).toContain(CANDIDATE);

  // staff move it again: a conflicting start is named before saving, a free one is saved
  dialog = await openMoveByKeyboard(page);
  await chooseStart(page, dialog, ["Home"]);
  await expect(dialog.getByText("Konflikte – so kann nicht gespeichert werden:")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Verschieben", exact: true })).toBeDisabled();
  await chooseStart(page, dialog, ["End", "ArrowUp"]);
  await expect(dialog.getByText("Keine Konflikte.")).toBeVisible();
  await dialog.getByRole("button", { name: "Verschieben", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expectNotice(page, "Eintrag verschoben");

  // the second mail and SEQUENCE 1
  await expect.poll(() => count("Zeitplan geändert")).toBe(before.changed + 1);
  const again = member.waitForEvent("download");
  await rowAction(member, CANDIDATE, "In den Kalender");
  ics = fs.readFileSync((await (await again).path()) as string, "utf8");
  slots = slotEvents(ics);
  expect(slots[0].getFirstPropertyValue("sequence")).toBe(1);
  expect(ics).toMatch(/SEQUENCE:1/);

  // unlock and swap (with the demo's Clara Klarinette at the same location): menus and selects again
  await rowAction(page, `${CANDIDATE} (Praxis`, "Fixierung lösen");
  await expect(
    section
      .getByRole("row", { name: new RegExp(CANDIDATE) })
      .getByRole("cell")
      .nth(4),
  ).toHaveText("Nein");
  await rowAction(page, `${CANDIDATE} (Praxis`, "Tauschen mit…");
  const swap = page.getByRole("dialog", { name: `${CANDIDATE} tauschen` });
  await swap.getByRole("combobox", { name: "Tauschen mit" }).click();
  await page.getByRole("option", { name: /Clara Klarinette$/ }).click();
  await swap.getByRole("button", { name: "Tauschen", exact: true }).click();
  await expectNotice(page, "Einträge getauscht");
  await expect.poll(() => count("Zeitplan geändert")).toBe(before.changed + 2);
  await memberContext.close();
  expect(registrationId).toBeGreaterThan(0);
});
