// Erasure and access requests (docs/decisions.md "Erasure on request"): registration_manage finds
// one child across the district's events on "Auskunft und Löschung", downloads the export (JSON,
// Excel) and deletes the child's registrations, a cancelled one too, after confirming. The journey
// registers its own child; the camp-data erasure needs a finished camp and is proven in
// tests/integration/dexam/erasure.test.ts.
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { expectNotice, fillDate, graphql, signIn } from "./support.ts";

const CHILD = { firstname: "Edda", lastname: "Erasmus", birthdate: "2012-02-02" };

test("registration_manage answers an access and an erasure request for a child without an account: search, JSON and Excel export, delete", async ({ page }) => {
  await signIn(page, "staff@demo.test");
  // two registrations of the same child in the spring exams, one cancelled
  const setup = await graphql<{
    events: { edges: { node: { id: string; name: string; locations: { databaseId: number; name: string }[] } }[] };
    associations: { edges: { node: { databaseId: number; name: string } }[] };
  }>(
    page,
    "{ events(first: 100) { edges { node { id name locations { databaseId name } } } } associations(first: 100) { edges { node { databaseId name } } } }",
  );
  const spring = setup.events.edges.map((edge) => edge.node).find((event) => event.name === "D-Prüfungen Frühjahr");
  const theory = spring?.locations.find((location) => location.name === "Musikschule Musterstadt (Theorie)");
  const clubs = setup.associations.edges.map((edge) => edge.node);
  const club = clubs.find((association) => association.name === "Musikverein Musterstadt") ?? clubs[0];
  const ids: string[] = [];
  for (const firstname of [CHILD.firstname, CHILD.firstname.toUpperCase()]) {
    const created = await graphql<{ createDexamRegistration: { id: string } }>(
      page,
      "mutation ($eventId: ID!, $input: DexamRegistrationInput!) { createDexamRegistration(eventId: $eventId, input: $input) { id } }",
      {
        eventId: spring?.id,
        input: {
          associationId: club.databaseId,
          firstname,
          lastname: CHILD.lastname,
          birthdate: CHILD.birthdate,
          gender: "F",
          instrument: "FLUTE",
          type: "D1",
          theoryLocationId: theory?.databaseId,
          gdprAccepted: true,
          cancellationAccepted: true,
        },
      },
    );
    ids.push(created.createDexamRegistration.id);
  }
  await graphql(page, "mutation ($id: ID!) { cancelDexamRegistration(id: $id) { id } }", { id: ids[1] });

  // the staff menu leads to the screen
  await page.getByRole("link", { name: "Auskunft und Löschung" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Auskunft und Löschung" })).toBeVisible();
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Vorname" }).fill("edda");
  await main.getByRole("textbox", { name: "Nachname" }).fill(CHILD.lastname);
  await fillDate(main, "Geburtsdatum", CHILD.birthdate);
  await main.getByRole("button", { name: "Suchen" }).click();
  const table = main.getByRole("table", { name: /Gefundene D-Prüfungsanmeldungen/ });
  await expect(table).toContainText("2 Anmeldungen gefunden");
  await expect(table.getByRole("row", { name: /EDDA Erasmus.*storniert/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /Edda Erasmus.*aktiv/ })).toBeVisible();
  // the screen with its results passes axe (WCAG 2.1 AA: no serious or critical violation)
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  // the access request: everything stored, machine-readable and readable
  const json = page.waitForEvent("download");
  await main.getByRole("button", { name: "Auskunft herunterladen (JSON)" }).click();
  const jsonFile = await json;
  expect(jsonFile.suggestedFilename()).toMatch(/^Auskunft_Erasmus_edda_\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync((await jsonFile.path()) as string, "utf8"));
  expect(data.person).toEqual({ firstname: "edda", lastname: "Erasmus", birthdate: CHILD.birthdate });
  expect(data.dexamRegistrations.map((r: { firstname: string }) => r.firstname).sort()).toEqual(["EDDA", "Edda"]);
  expect(data.auditEntries.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(["create", "cancel"]));
  const xlsx = page.waitForEvent("download");
  await main.getByRole("button", { name: "Auskunft herunterladen (Excel)" }).click();
  expect((await xlsx).suggestedFilename()).toMatch(/^Auskunft_Erasmus_edda_\d{4}-\d{2}-\d{2}\.xlsx$/);

  // the erasure request: the cancelled registration goes too, after a confirmation that says it is final
  await main.getByRole("button", { name: "Löschen: EDDA Erasmus, D-Prüfungen Frühjahr", exact: true }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Die D-Prüfungsanmeldung von EDDA Erasmus ist storniert. Möchten Sie sie auf Antrag endgültig löschen?");
  await confirm.getByRole("button", { name: "OK" }).click();
  await expectNotice(page, "D-Prüfungsanmeldung gelöscht");
  await expect(table).toContainText("1 Anmeldungen gefunden");
  await main.getByRole("button", { name: "Löschen: Edda Erasmus, D-Prüfungen Frühjahr", exact: true }).click();
  await expect(confirm).toContainText("Möchten Sie die D-Prüfungsanmeldung von Edda Erasmus wirklich löschen?");
  await confirm.getByRole("button", { name: "OK" }).click();
  await expectNotice(page, "D-Prüfungsanmeldung gelöscht");
  await expect(main.getByText("Keine Anmeldung mit diesem Namen und Geburtsdatum gefunden.")).toBeVisible();
});

test("a member has no 'Auskunft und Löschung' in the menu, and the route sends them back to the start page", async ({ page }) => {
  await signIn(page, "member@demo.test");
  await expect(page.getByRole("link", { name: "Auskunft und Löschung" })).toHaveCount(0);
  await page.goto("/#/registration/person");
  await expect(page.getByRole("heading", { level: 1, name: "Start" })).toBeVisible();
});
