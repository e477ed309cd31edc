// Competition registration journeys in Debian's Chromium against the demo data (spec section 2
// "Competition registration form" and "Registration overview", sections 4 and 5): a member
// registers a chamber ensemble (type G, four pieces, member list) and a concert orchestra (type K),
// sees both in the overview, enters a piece later, deletes one; the type change clears cast,
// category and age group; registration_manage marks the documents complete. The demo data is
// shared with the other specs of the run: every journey uses its own names and counts nothing
// others may change.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNotice, graphql, rowAction, signIn } from "./support.ts";

const EVENT = "Wertungsspiele";
const RUN = Date.now().toString(36);

async function openForm(page: Page) {
  await page.getByRole("article", { name: EVENT, exact: true }).getByRole("button", { name: "Neue Anmeldung" }).click();
  const dialog = page.getByRole("dialog", { name: "Neue Wertungsspielanmeldung anlegen" });
  await expect(dialog.getByRole("heading", { name: "Gruppe", exact: true })).toBeVisible();
  return dialog;
}

/** Picks `option` in the select (Ark combobox) named `label`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(scope.getByRole("combobox", { name: label, exact: true })).toContainText(option);
}

async function optionsOf(page: Page, scope: Locator, label: string): Promise<string[]> {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  const list = page.getByRole("listbox");
  await expect(list).toBeVisible();
  const names = (await list.getByRole("option").allTextContents()).map((s) => s.trim());
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  return names;
}

type Piece = { title: string; composer: string; publisher: string; arranger?: string; duration: string };

async function fillPiece(group: Locator, piece: Piece) {
  await group.getByRole("textbox", { name: "Titel" }).fill(piece.title);
  await group.getByRole("textbox", { name: "Komponist" }).fill(piece.composer);
  await group.getByRole("textbox", { name: "Verlag" }).fill(piece.publisher);
  if (piece.arranger) await group.getByRole("textbox", { name: "Arrangeur" }).fill(piece.arranger);
  await group.getByRole("textbox", { name: "Dauer" }).fill(piece.duration);
}

async function consent(dialog: Locator) {
  await dialog.getByRole("checkbox", { name: /Datenschutzhinweise/ }).check();
  await dialog.getByRole("checkbox", { name: /Stornobedingungen/ }).check();
}

/** The overview with the competition event chosen; returns its table. */
async function openOverview(page: Page): Promise<Locator> {
  await page.goto("/#/registration/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Anmeldungsübersicht" })).toBeVisible();
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: EVENT, exact: true }).click();
  const table = page.getByRole("table", { name: "Wertungsspielanmeldungen" });
  await expect(table).toBeVisible();
  return table;
}

function row(table: Locator, name: string): Locator {
  return table.getByRole("row", { name: new RegExp(name) });
}

async function menuEntries(page: Page, name: string): Promise<string[]> {
  await page.getByRole("button", { name: `Aktionen für ${name}` }).click();
  const items = page.getByRole("menuitem");
  await expect(items.first()).toBeVisible();
  const entries = (await items.allTextContents()).map((text) => text.trim());
  await page.keyboard.press("Escape");
  await expect(items).toHaveCount(0);
  return entries;
}

test("[R-ST024][R-ST027][R-CF001][R-CF002][R-CF003][R-CF004][R-CF005][R-CF006][R-CF007][R-CF008][R-CF009][R-CF010][R-CF011][R-CF012][R-CF014][R-CF015][R-CF016][R-CF017][R-CF018][R-VA037][R-VA040][R-VA041][R-BC010] a member registers a chamber ensemble with four pieces and a member list, then a concert orchestra; the type change clears cast, category and age group", async ({
  page,
}) => {
  const ensemble = `Holzbläserquintett ${RUN}`;
  const orchestra = `Jugendkapelle ${RUN}`;
  await signIn(page, "member@demo.test");
  const dialog = await openForm(page);
  for (const heading of ["Gruppe", "Wertung", "Einverständnis", "Vortragsstücke"]) {
    await expect(dialog.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  // own club preselected; the event's locations offer all six types
  await expect(dialog.getByRole("combobox", { name: "Verein", exact: true })).toContainText("Musikverein Musterstadt");
  expect(await optionsOf(page, dialog, "Wertungsspieltyp")).toEqual([
    "T – Traditionelle Blasmusik",
    "K – Konzertmusik",
    "U – Unterhaltungsmusik",
    "G – Kammermusik",
    "M – Marschmusik",
    "B – Bläserklassen",
  ]);
  // without a type: cast waits for it, neither category nor age group, two piece rows
  await expect(dialog.getByRole("combobox", { name: "Besetzung" })).toBeDisabled();
  await expect(dialog.getByRole("combobox", { name: "Kategorie" })).toHaveCount(0);
  await expect(dialog.getByRole("combobox", { name: "Altersgruppe" })).toHaveCount(0);
  await expect(dialog.getByRole("group", { name: "Pflichtstück" })).toBeVisible();
  await expect(dialog.getByRole("group", { name: "Selbstwahlstück" })).toBeVisible();
  await expect(dialog.getByRole("group", { name: "3. Vortragsstück" })).toHaveCount(0);

  // sent empty: the required fields say so, focus on the first of them
  await dialog.getByRole("button", { name: "Absenden" }).click();
  await expect(dialog.getByRole("textbox", { name: "Name der Gruppe" })).toBeFocused();
  for (const label of ["Name der Gruppe", "Dirigent", "Anzahl Musiker"]) {
    await expect(dialog.getByRole("textbox", { name: label })).toHaveAttribute("aria-invalid", "true");
  }
  await expect(dialog.getByRole("combobox", { name: "Wertungsspieltyp" })).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByRole("checkbox", { name: /Datenschutzhinweise/ })).toHaveAttribute("aria-invalid", "true");

  // type K: orchestra casts and the categories 1..6
  await choose(page, dialog, "Wertungsspieltyp", "K – Konzertmusik");
  expect(await optionsOf(page, dialog, "Besetzung")).toEqual(["Blasorchester", "Jugendblasorchester", "Spielleute"]);
  expect(await optionsOf(page, dialog, "Kategorie")).toEqual([
    "1 – sehr leicht",
    "2 – leicht",
    "3 – mittelschwer",
    "4 – schwer",
    "5 – sehr schwer",
    "6 – höchste Schwierigkeit",
  ]);
  await choose(page, dialog, "Besetzung", "Blasorchester");
  await choose(page, dialog, "Kategorie", "3 – mittelschwer");
  await expect(dialog.getByRole("textbox", { name: "Mitgliederliste" })).toHaveCount(0);

  // type G: cast and category are cleared; age groups IA..VI, the small casts, a member list, four pieces
  await choose(page, dialog, "Wertungsspieltyp", "G – Kammermusik");
  await expect(dialog.getByRole("combobox", { name: "Besetzung" })).toContainText("Bitte auswählen");
  await expect(dialog.getByRole("combobox", { name: "Kategorie" })).toHaveCount(0);
  await expect(dialog.getByRole("combobox", { name: "Altersgruppe" })).toContainText("Bitte auswählen");
  expect(await optionsOf(page, dialog, "Altersgruppe")).toEqual(["IA", "IB", "II", "III", "IV", "V", "VI"]);
  expect(await optionsOf(page, dialog, "Besetzung")).toEqual(["Solo", "Solo mit Klavier", "Ensemble", "Bläsergruppe", "Schlagwerkensemble"]);
  await choose(page, dialog, "Altersgruppe", "IA");
  await choose(page, dialog, "Besetzung", "Ensemble");
  // type B: the age group and the cast are cleared again (II..VI only)
  await choose(page, dialog, "Wertungsspieltyp", "B – Bläserklassen");
  await expect(dialog.getByRole("combobox", { name: "Altersgruppe" })).toContainText("Bitte auswählen");
  await expect(dialog.getByRole("combobox", { name: "Besetzung" })).toContainText("Bitte auswählen");
  expect(await optionsOf(page, dialog, "Altersgruppe")).toEqual(["II", "III", "IV", "V", "VI"]);
  await expect(dialog.getByRole("textbox", { name: "Mitgliederliste" })).toHaveCount(0);

  // the chamber ensemble
  await choose(page, dialog, "Wertungsspieltyp", "G – Kammermusik");
  await choose(page, dialog, "Besetzung", "Ensemble");
  await choose(page, dialog, "Altersgruppe", "III");
  await dialog.getByRole("textbox", { name: "Name der Gruppe" }).fill(ensemble);
  await dialog.getByRole("textbox", { name: "Dirigent" }).fill("Dora Dirigentin");
  await dialog.getByRole("textbox", { name: "Anzahl Musiker" }).fill("5");
  const members = dialog.getByRole("textbox", { name: "Mitgliederliste" });
  await expect(members).toBeVisible();
  await dialog.getByRole("textbox", { name: "Bemerkungen" }).fill("Wir brauchen einen Flügel.");
  const labels = ["Pflichtstück", "Selbstwahlstück", "3. Vortragsstück", "4. Vortragsstück"];
  const pieces: Piece[] = [
    { title: "Quintett op. 88", composer: "Anton Reicha", publisher: "Musica Rara", duration: "06:30" },
    { title: "Kleine Kammermusik", composer: "Paul Hindemith", publisher: "Schott", duration: "12:15" },
    { title: "Divertimento", composer: "W. A. Mozart", publisher: "Bärenreiter", arranger: "Hans Holz", duration: "4.45" },
    { title: "Ragtime", composer: "Scott Joplin", publisher: "Eigenverlag", duration: "03:05" },
  ];
  for (const [i, piece] of pieces.entries()) await fillPiece(dialog.getByRole("group", { name: labels[i] }), piece);
  await consent(dialog);

  // the member list is required; a duration must read mm:ss
  await dialog.getByRole("button", { name: "Absenden" }).click();
  await expect(members).toBeFocused();
  await expect(members).toHaveAttribute("aria-invalid", "true");
  const third = dialog.getByRole("group", { name: "3. Vortragsstück" });
  await expect(third.getByText("Bitte eine Dauer im Format mm:ss eingeben, z. B. 04:30")).toBeVisible();
  await members.fill("Anna Flöte\nBen Oboe\nCarla Klarinette\nDaniel Horn\nEmil Fagott");
  await third.getByRole("textbox", { name: "Dauer" }).fill("04:45");
  await dialog.getByRole("button", { name: "Absenden" }).click();
  await expect(page.locator('[data-live-announcer] [data-type="success"]')).toContainText("Wertungsspielanmeldung wurde erfolgreich angelegt");
  await expectNotice(page, "Wertungsspielanmeldung wurde erfolgreich angelegt");
  await expect(dialog).toBeHidden();

  // the concert orchestra: two piece rows, the self-chosen piece comes later
  const second = await openForm(page);
  await second.getByRole("textbox", { name: "Name der Gruppe" }).fill(orchestra);
  await choose(page, second, "Wertungsspieltyp", "K – Konzertmusik");
  await choose(page, second, "Besetzung", "Jugendblasorchester");
  await choose(page, second, "Kategorie", "4 – schwer");
  await second.getByRole("textbox", { name: "Dirigent" }).fill("Karl Kapellmeister");
  await second.getByRole("textbox", { name: "Anzahl Musiker" }).fill("42");
  await expect(second.getByRole("group", { name: "3. Vortragsstück" })).toHaveCount(0);
  await fillPiece(second.getByRole("group", { name: "Pflichtstück" }), {
    title: "Arsenal",
    composer: "Jan Van der Roost",
    publisher: "De Haske",
    duration: "05:10",
  });
  await consent(second);
  await second.getByRole("button", { name: "Absenden" }).click();
  await expectNotice(page, "Wertungsspielanmeldung wurde erfolgreich angelegt");
  await expect(second).toBeHidden();

  // both in the overview
  const table = await openOverview(page);
  for (const header of ["ID", "Name", "Verein", "Typ", "Besetzung", "Stufe/Altersgruppe", "Unterlagen", "Stücke", "Punkte", "Prädikat"]) {
    await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  const g = row(table, ensemble);
  await expect(g).toContainText("Musikverein Musterstadt");
  await expect(g).toContainText("G – Kammermusik");
  await expect(g).toContainText("Ensemble");
  await expect(g.getByRole("cell").nth(5)).toHaveText("III");
  await expect(g.getByRole("cell").nth(6)).toHaveText("fehlen");
  await expect(g.getByRole("cell").nth(7)).toHaveText("vollständig");
  const k = row(table, orchestra);
  await expect(k).toContainText("K – Konzertmusik");
  await expect(k).toContainText("Jugendblasorchester");
  await expect(k.getByRole("cell").nth(5)).toHaveText("4 – schwer");
  await expect(k.getByRole("cell").nth(7)).toHaveText("fehlen");
  await expect(k).not.toHaveAttribute("data-cancelled");
});

test("[R-RO003][R-RO005][R-RO009][R-RO018][R-RO021][R-CF017][R-CF018][R-CF019] the member enters a piece later from the row menu, searches and deletes a registration", async ({
  page,
}) => {
  const band = `Stadtkapelle Später ${RUN}`;
  const other = `Marschgruppe ${RUN}`;
  await signIn(page, "member@demo.test");
  // two registrations of this journey's own, through the API
  const setup = await graphql<{ viewer: { associations: { databaseId: number }[] }; events: { edges: { node: { id: string; name: string } }[] } }>(
    page,
    "{ viewer { associations { databaseId } } events(first: 100) { edges { node { id name } } } }",
  );
  const event = setup.events.edges.map((edge) => edge.node).find((candidate) => candidate.name === EVENT);
  const base = {
    associationId: setup.viewer.associations[0].databaseId,
    conductorName: "Karl",
    numberOfMusicians: 30,
    gdprAccepted: true,
    cancellationAccepted: true,
  };
  const create = "mutation ($e: ID!, $input: CompetitionRegistrationInput!) { createCompetitionRegistration(eventId: $e, input: $input) { id } }";
  await graphql(page, create, {
    e: event?.id,
    input: {
      ...base,
      name: band,
      type: "T",
      cast: "B",
      category: "CAT_2",
      songs: [{ name: "Böhmischer Traum", composer: "Norbert Gälle", publisher: "Kliment", duration: 200 }],
    },
  });
  await graphql(page, create, { e: event?.id, input: { ...base, name: other, type: "M", cast: "SL", category: "CAT_1" } });

  const table = await openOverview(page);
  await expect(row(table, band).getByRole("cell").nth(7)).toHaveText("fehlen");
  // phase NoRestrictions: the club edits and deletes
  expect(await menuEntries(page, band)).toEqual(["Bearbeiten", "In den Kalender", "Löschen"]);

  // the second piece, entered later; the stored duration reads mm:ss
  await rowAction(page, band, "Bearbeiten");
  const edit = page.getByRole("dialog", { name: "Wertungsspielanmeldung bearbeiten" });
  await expect(edit.getByText("Vortragsstücke noch unvollständig")).toBeVisible();
  await expect(edit.getByRole("checkbox", { name: /Datenschutzhinweise/ })).toHaveCount(0);
  const mandatory = edit.getByRole("group", { name: "Pflichtstück" });
  await expect(mandatory.getByRole("textbox", { name: "Dauer" })).toHaveValue("03:20");
  await expect(edit.getByRole("combobox", { name: "Wertungsspieltyp" })).toContainText("T – Traditionelle Blasmusik");
  await expect(edit.getByRole("combobox", { name: "Kategorie" })).toContainText("2 – leicht");
  const selfChosen = edit.getByRole("group", { name: "Selbstwahlstück" });
  await selfChosen.getByRole("textbox", { name: "Titel" }).fill("Festmusik der Stadt");
  await edit.getByRole("button", { name: "Speichern" }).click();
  // composer, publisher and duration once a title is there
  await expect(selfChosen.getByRole("textbox", { name: "Komponist" })).toBeFocused();
  await fillPiece(selfChosen, { title: "Festmusik der Stadt", composer: "Kurt Gäble", publisher: "Rundel", duration: "07:40" });
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Wertungsspielanmeldung aktualisiert");
  await expect(edit).toBeHidden();
  await expect(row(table, band).getByRole("cell").nth(7)).toHaveText("vollständig");

  // the search filters on the server
  await page.getByRole("searchbox", { name: "Suche" }).fill(other);
  await expect(row(table, band)).toHaveCount(0);
  await expect(row(table, other)).toBeVisible();

  // delete after confirming; Escape keeps it first
  await rowAction(page, other, "Löschen");
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`Möchten Sie die Wertungsspielanmeldung „${other}“ wirklich löschen?`);
  await expect(confirm.getByRole("button", { name: "Abbrechen" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(row(table, other)).toBeVisible();
  await rowAction(page, other, "Löschen");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expectNotice(page, "Wertungsspielanmeldung gelöscht");
  await expect(row(table, other)).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Suche" }).fill("");
  await expect(row(table, band)).toBeVisible();
});

test("[R-RO016][R-RO021][R-RO011][R-RO012][R-RO013] registration_manage marks the documents complete; a cancelled registration is greyed with its date, and only registration_manage may still delete it (an erasure request)", async ({
  page,
}) => {
  const name = `Bläserklasse ${RUN}`;
  await signIn(page, "staff@demo.test");
  const setup = await graphql<{ events: { edges: { node: { id: string; name: string; districtAssociationId: number } }[] } }>(
    page,
    "{ events(first: 100) { edges { node { id name districtAssociationId } } } }",
  );
  const event = setup.events.edges.map((edge) => edge.node).find((candidate) => candidate.name === EVENT);
  const clubs = await graphql<{ associations: { edges: { node: { databaseId: number; name: string } }[] } }>(
    page,
    "query ($d: Int!) { associations(districtAssociationId: $d, first: 100) { edges { node { databaseId name } } } }",
    { d: event?.districtAssociationId },
  );
  const club = clubs.associations.edges.map((edge) => edge.node).find((candidate) => candidate.name === "Stadtkapelle Musterstadt");
  await graphql(page, "mutation ($e: ID!, $input: CompetitionRegistrationInput!) { createCompetitionRegistration(eventId: $e, input: $input) { id } }", {
    e: event?.id,
    input: {
      name,
      associationId: club?.databaseId,
      type: "B",
      cast: "BG",
      ageGroup: "II",
      conductorName: "Lea Lehrerin",
      numberOfMusicians: 24,
      gdprAccepted: true,
      cancellationAccepted: true,
    },
  });

  const table = await openOverview(page);
  const ours = row(table, name);
  await expect(ours).toContainText("Stadtkapelle Musterstadt");
  await expect(ours).toContainText("B – Bläserklassen");
  await expect(ours.getByRole("cell").nth(5)).toHaveText("II");
  await expect(ours.getByRole("cell").nth(6)).toHaveText("fehlen");

  // registration_manage: "Unterlagen vollständig" in the edit dialog
  await rowAction(page, name, "Bearbeiten");
  const edit = page.getByRole("dialog", { name: "Wertungsspielanmeldung bearbeiten" });
  await expect(edit.getByRole("heading", { name: "Verwaltung" })).toBeVisible();
  await edit.getByRole("switch", { name: "Unterlagen vollständig" }).click();
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expectNotice(page, "Wertungsspielanmeldung aktualisiert");
  await expect(ours.getByRole("cell").nth(6)).toHaveText("vollständig");

  // user_manage deletes in every phase; the menu also offers the cancellation only when delete is not
  const entries = await menuEntries(page, name);
  expect(entries[0]).toBe("Bearbeiten");
  expect(entries).toContain("Löschen");

  // cancelling through the API (staff may cancel in any phase): greyed row with its date, only viewed by the club
  const found = await graphql<{ competitionRegistrations: { edges: { node: { id: string } }[] } }>(
    page,
    "query ($e: ID!, $s: String) { competitionRegistrations(eventId: $e, search: $s, first: 5) { edges { node { id } } } }",
    { e: event?.id, s: name },
  );
  await graphql(page, "mutation ($id: ID!) { cancelCompetitionRegistration(id: $id) { id } }", { id: found.competitionRegistrations.edges[0].node.id });
  await page.reload();
  const reloaded = await openOverview(page);
  const cancelled = row(reloaded, name);
  await expect(cancelled).toHaveAttribute("data-cancelled", "true");
  await expect(cancelled.getByRole("img", { name: /^Storniert am \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} Uhr$/ })).toBeVisible();
  // deleting a cancelled registration is for erasure requests: registration_manage only (docs/decisions.md "Erasure on request")
  expect(await menuEntries(page, name)).toContain("Löschen");
});
