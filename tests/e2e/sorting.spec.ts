// The paged tables sort on the server: a click on a header of the registration
// overview, the user table or the club table asks the connection's `orderBy`, the header shows the
// direction (aria-sort) and is a button (keyboard), and search (`q`) and sort (`sort`) stay in the
// URL, so a reload or a shared link shows the same rows in the same order.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { INSTRUMENT_LABELS } from "../../server/src/shared/labels.ts";
import { graphql, openScreen, signIn } from "./support.ts";

// distinct first names; sorted in German order Änne comes before Anton, Jonas before Jörg
const FIRSTNAMES = [
  "Anton",
  "Änne",
  "Bernd",
  "Berta",
  "Carla",
  "Dieter",
  "Doris",
  "Emil",
  "Erika",
  "Fritz",
  "Gisela",
  "Hans",
  "Ida",
  "Jörg",
  "Jonas",
  "Karl",
  "Käthe",
  "Lutz",
  "Marta",
  "Nils",
  "Olga",
  "Ömer",
  "Paul",
  "Rita",
  "Sören",
  "Sven",
  "Ulla",
  "Zoe",
];
const german = (a: string, b: string) => a.localeCompare(b, "de");

/**
 * Registers one D-exam participant per first name for the spring exams as the member, all with the
 * last name `<tag>-<number>`: the last names run against the first names (the smallest first name
 * has the largest last name), so the default order (last name) shows the first names descending.
 */
async function registerParticipants(page: Page, tag: string) {
  const setup = await graphql<{
    viewer: { associations: { databaseId: number }[] };
    events: { edges: { node: { id: string; name: string; locations: { databaseId: number; name: string }[] } }[] };
  }>(page, "{ viewer { associations { databaseId } } events(first: 100) { edges { node { id name locations { databaseId name } } } } }");
  const spring = setup.events.edges.map((edge) => edge.node).find((event) => event.name === "D-Prüfungen Frühjahr");
  const practice = spring?.locations.find((location) => location.name === "Musikschule Musterstadt (Praxis Holz)");
  const ascending = [...FIRSTNAMES].sort(german);
  for (const [i, firstname] of ascending.entries())
    await graphql(page, "mutation ($eventId: ID!, $input: DexamRegistrationInput!) { createDexamRegistration(eventId: $eventId, input: $input) { id } }", {
      eventId: spring?.id,
      input: {
        associationId: setup.viewer.associations[0].databaseId,
        firstname,
        lastname: `${tag}-${String(100 - i).padStart(3, "0")}`,
        birthdate: "2011-05-05",
        gender: "F",
        instrument: "FLUTE",
        type: "D1",
        practiceLocationId: practice?.databaseId,
        gdprAccepted: true,
        cancellationAccepted: true,
      },
    });
}

/** The trimmed texts of column `n` (1-based) of the table's rows. */
const column = (table: Locator, n: number) => async () => (await table.locator(`tbody tr td:nth-child(${n})`).allTextContents()).map((text) => text.trim());

test("a header click sorts the registration overview on the server (all pages), keyboard too; search and sort stay over a reload", async ({
  page,
  browser,
}) => {
  const tag = `Sortprobe${Date.now().toString(36)}`;
  const member = await browser.newPage();
  await signIn(member, "member@demo.test");
  await registerParticipants(member, tag);
  await member.close();

  await signIn(page, "staff@demo.test");
  await page.goto("/#/registration/overview");
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: "D-Prüfungen Frühjahr", exact: true }).click();
  const table = page.getByRole("table", { name: "D-Prüfungsanmeldungen" });
  const firstnames = column(table, 2);
  const search = page.getByRole("searchbox", { name: "Suche" });
  await search.fill(tag);
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}(&|$)`));
  await expect(page.getByText("25 von 28 Einträgen")).toBeVisible();
  const ascending = [...FIRSTNAMES].sort(german);
  // unsorted: the default order, by last name
  await expect.poll(firstnames).toEqual([...ascending].reverse().slice(0, 25));

  // only the columns the server sorts by are buttons (the points and the grade for staff, who see every result)
  await expect(table.getByRole("columnheader").getByRole("button")).toHaveText([
    "ID",
    "Vorname",
    "Nachname",
    "Verein",
    "Instrument",
    "Kurs",
    "Stücke",
    "Theorie",
    "Praxis",
    "Note",
  ]);
  const header = table.getByRole("columnheader", { name: "Vorname" });
  await expect(header).not.toHaveAttribute("aria-sort");
  await header.getByRole("button", { name: "Vorname" }).click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await expect(page).toHaveURL(/[?&]sort=firstname(&|$)/);
  // the first page of all 28 sorted, not the page on screen re-sorted: Änne and Anton were on no page yet
  await expect.poll(firstnames).toEqual(ascending.slice(0, 25));
  await page.getByRole("button", { name: "Mehr laden" }).click();
  await expect.poll(firstnames).toEqual(ascending);

  // the header is a button: Enter sorts the other way round, from the first page again
  await header.getByRole("button", { name: "Vorname" }).focus();
  await page.keyboard.press("Enter");
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await expect(page).toHaveURL(/[?&]sort=-firstname(&|$)/);
  const descending = [...ascending].reverse();
  await expect.poll(firstnames).toEqual(descending.slice(0, 25));

  await page.reload();
  await expect(search).toHaveValue(tag);
  await expect(table.getByRole("columnheader", { name: "Vorname" })).toHaveAttribute("aria-sort", "descending");
  await expect.poll(firstnames).toEqual(descending.slice(0, 25));
  await page.getByRole("button", { name: "Mehr laden" }).click();
  await expect.poll(firstnames).toEqual(descending);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}(&|$)`));
});

test("the overview's search finds the instrument and the course as the table shows them; Instrument and Kurs sort on the server and stay over a reload", async ({
  page,
  browser,
}) => {
  // an alto saxophone player of its own ("Altsaxophon" in the table, ALTO_SAXOPHONE stored): the
  // demo's Sven Saxofon may have been deleted by an earlier journey
  const lastname = `Saxprobe${Date.now().toString(36)}`;
  const member = await browser.newPage();
  await signIn(member, "member@demo.test");
  const setup = await graphql<{
    viewer: { associations: { databaseId: number }[] };
    events: { edges: { node: { id: string; name: string; locations: { databaseId: number; name: string }[] } }[] };
  }>(member, "{ viewer { associations { databaseId } } events(first: 100) { edges { node { id name locations { databaseId name } } } } }");
  const spring = setup.events.edges.map((edge) => edge.node).find((event) => event.name === "D-Prüfungen Frühjahr");
  await graphql(member, "mutation ($eventId: ID!, $input: DexamRegistrationInput!) { createDexamRegistration(eventId: $eventId, input: $input) { id } }", {
    eventId: spring?.id,
    input: {
      associationId: setup.viewer.associations[0].databaseId,
      firstname: "Sina",
      lastname,
      birthdate: "2011-05-05",
      gender: "F",
      instrument: "ALTO_SAXOPHONE",
      type: "D1",
      practiceLocationId: spring?.locations.find((location) => location.name === "Musikschule Musterstadt (Praxis Holz)")?.databaseId,
      gdprAccepted: true,
      cancellationAccepted: true,
    },
  });
  await member.close();
  await signIn(page, "staff@demo.test");
  await page.goto("/#/registration/overview");
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: "D-Prüfungen Frühjahr", exact: true }).click();
  const table = page.getByRole("table", { name: "D-Prüfungsanmeldungen" });
  const search = page.getByRole("searchbox", { name: "Suche" });
  await search.fill("Altsax");
  await search.press("Enter");
  await expect(page).toHaveURL(/[?&]q=Altsax(&|$)/);
  await expect(table.getByRole("row", { name: new RegExp(`Sina ${lastname}`) })).toBeVisible();
  // every row found plays the alto saxophone; none is found by its name
  await expect.poll(column(table, 5)).toEqual(expect.arrayContaining(["Altsaxophon"]));
  await expect.poll(async () => new Set(await column(table, 5)())).toEqual(new Set(["Altsaxophon"]));
  await search.fill("");
  await search.press("Enter");
  await expect(page).not.toHaveURL(/[?&]q=/);

  // Instrument sorts in score order (as the form lists them: flutes first), on the server
  const scoreOrder = Object.values(INSTRUMENT_LABELS) as string[];
  const instruments = column(table, 5);
  const inScoreOrder = async () => (await instruments()).map((label) => scoreOrder.indexOf(label));
  const instrumentHeader = table.getByRole("columnheader", { name: "Instrument" });
  await instrumentHeader.getByRole("button", { name: "Instrument" }).click();
  await expect(instrumentHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(page).toHaveURL(/[?&]sort=instrument(&|$)/);
  await expect
    .poll(async () => {
      const order = await inScoreOrder();
      return order.length > 1 && order.every((n, i) => n >= 0 && (i === 0 || order[i - 1] <= n));
    })
    .toBe(true);
  await instrumentHeader.getByRole("button", { name: "Instrument" }).click();
  await expect(instrumentHeader).toHaveAttribute("aria-sort", "descending");
  await expect
    .poll(async () => {
      const order = await inScoreOrder();
      return order.length > 1 && order.every((n, i) => i === 0 || order[i - 1] >= n);
    })
    .toBe(true);

  // Kurs: D1 before D2 before D3; the sort stays in the URL over a reload
  const courseHeader = table.getByRole("columnheader", { name: "Kurs" });
  await courseHeader.getByRole("button", { name: "Kurs" }).click();
  await expect(page).toHaveURL(/[?&]sort=course(&|$)/);
  const courses = column(table, 6);
  await expect
    .poll(async () => {
      const list = await courses();
      return list.length > 1 && list.every((course, i) => i === 0 || german(list[i - 1], course) <= 0);
    })
    .toBe(true);
  await page.reload();
  await expect(table.getByRole("columnheader", { name: "Kurs" })).toHaveAttribute("aria-sort", "ascending");
  await expect
    .poll(async () => {
      const list = await courses();
      return list.length > 1 && list.every((course, i) => i === 0 || german(list[i - 1], course) <= 0);
    })
    .toBe(true);
});

test("staff sort the D-exam overview by Theorie (no points last ascending) and Note on the server, the sort in the URL; for a member the points and grade headers are no buttons, Stücke is", async ({
  page,
  browser,
}) => {
  await signIn(page, "staff@demo.test");
  await page.goto("/#/registration/overview");
  await page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await page.getByRole("option", { name: "D-Prüfungen Herbst Vorjahr", exact: true }).click();
  const table = page.getByRole("table", { name: "D-Prüfungsanmeldungen" });
  await expect(table.getByRole("row", { name: /Lena Lernfleißig/ })).toBeVisible();
  // the demo's Paul Prüfling has 27 theory points, Lena Lernfleißig 31,5
  const theory = column(table, 8);
  const firstnames = column(table, 2);
  const points = async () => (await theory()).map((text) => (text === "" || text === "–" ? null : Number(text.replace(",", "."))));
  const inOrder = (list: (number | null)[], direction: 1 | -1) =>
    list.every(
      (n, i) =>
        i === 0 ||
        (direction === 1
          ? n === null || (list[i - 1] !== null && (list[i - 1] as number) <= n)
          : list[i - 1] === null || (n !== null && (list[i - 1] as number) >= n)),
    );
  const header = table.getByRole("columnheader", { name: "Theorie" });
  await header.getByRole("button", { name: "Theorie" }).click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await expect(page).toHaveURL(/[?&]sort=theory(&|$)/);
  await expect.poll(async () => inOrder(await points(), 1)).toBe(true);
  await expect.poll(async () => (await firstnames()).filter((name) => name === "Paul" || name === "Lena")).toEqual(["Paul", "Lena"]);
  await header.getByRole("button", { name: "Theorie" }).click();
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await expect(page).toHaveURL(/[?&]sort=-theory(&|$)/);
  await expect.poll(async () => inOrder(await points(), -1)).toBe(true);
  await expect.poll(async () => (await firstnames()).filter((name) => name === "Paul" || name === "Lena")).toEqual(["Lena", "Paul"]);
  // Note: "nicht bestanden" (Lena, 28 practice points) before "bestanden" (Paul), on the server
  const gradeHeader = table.getByRole("columnheader", { name: "Note" });
  await gradeHeader.getByRole("button", { name: "Note" }).click();
  await expect(gradeHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(page).toHaveURL(/[?&]sort=grade(&|$)/);
  await expect.poll(async () => (await firstnames()).filter((name) => name === "Paul" || name === "Lena")).toEqual(["Lena", "Paul"]);
  await gradeHeader.getByRole("button", { name: "Note" }).click();
  await expect(page).toHaveURL(/[?&]sort=-grade(&|$)/);
  await expect.poll(async () => (await firstnames()).filter((name) => name === "Paul" || name === "Lena")).toEqual(["Paul", "Lena"]);

  // a member sees results only once published: the points and grade headers do not sort for them; Stücke does
  const member = await browser.newPage();
  await signIn(member, "member@demo.test");
  await member.goto("/#/registration/overview");
  await member.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true }).click();
  await member.getByRole("option", { name: "D-Prüfungen Herbst Vorjahr", exact: true }).click();
  const memberTable = member.getByRole("table", { name: "D-Prüfungsanmeldungen" });
  await expect(memberTable.getByRole("row", { name: /Lena Lernfleißig/ })).toBeVisible();
  await expect(memberTable.getByRole("columnheader").getByRole("button")).toHaveText(["ID", "Vorname", "Nachname", "Verein", "Instrument", "Kurs", "Stücke"]);
  const songsHeader = memberTable.getByRole("columnheader", { name: "Stücke" });
  await songsHeader.getByRole("button", { name: "Stücke" }).click();
  await expect(songsHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(member).toHaveURL(/[?&]sort=songs(&|$)/);
  await member.close();
});

test("a header click sorts the user table on the server; search and sort stay over a reload, and a link with a sort opens the club table sorted", async ({
  page,
}) => {
  await signIn(page, "staff@demo.test");
  await openScreen(page, "/user/manage", "Benutzerverwaltung");
  const table = page.getByRole("table", { name: "Benutzerverwaltung" });
  const emails = column(table, 4);
  const search = page.getByRole("searchbox", { name: "Suche" });
  await search.fill("demo.test");
  await search.press("Enter");
  await expect(page).toHaveURL(/[?&]q=demo\.test(&|$)/);
  await expect(table.getByRole("row", { name: /staff@demo\.test/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /member2@demo\.test/ })).toHaveCount(0);

  const header = table.getByRole("columnheader", { name: "E-Mail" });
  await header.getByRole("button", { name: "E-Mail" }).click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await header.getByRole("button", { name: "E-Mail" }).click();
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await expect(page).toHaveURL(/[?&]sort=-email(&|$)/);
  await expect
    .poll(async () => {
      const shown = await emails();
      return shown.length > 1 && shown.every((email) => email.endsWith("demo.test")) && shown.join() === [...shown].sort((a, b) => german(b, a)).join();
    })
    .toBe(true);
  const shown = await emails();
  // the Vereine column is no button (the server cannot sort by a list)
  await expect(table.getByRole("columnheader", { name: "Vereine" }).getByRole("button")).toHaveCount(0);

  await page.reload();
  await expect(search).toHaveValue("demo.test");
  await expect(table.getByRole("columnheader", { name: "E-Mail" })).toHaveAttribute("aria-sort", "descending");
  await expect.poll(emails).toEqual(shown);

  await openScreen(page, "/association/manage?sort=-name", "Vereinsverwaltung");
  const clubs = page.getByRole("table", { name: "Vereinsverwaltung" });
  await expect(clubs.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");
  await expect(clubs.getByRole("row", { name: /Musikverein Musterstadt/ })).toBeVisible();
  const names = await column(clubs, 2)();
  expect(names.length).toBeGreaterThan(1);
  expect(names).toEqual([...names].sort((a, b) => german(b, a)));
});
