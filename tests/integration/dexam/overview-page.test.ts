// The D-exam overview's page and total are read through Pothos' prisma plugin with the one
// tenancy filter (dexamWhere) and keyset cursors (server/src/graphql/cursor.ts). A walk through
// every page answers exactly the list's rows in the list's order, for every kind of caller and
// filter, on registrations with every column and relation filled (results, takeovers,
// cancellations, camp data, files, ties in the order, names that differ only in case).
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../../server/src/auth/principal.ts";
import type { ServiceCtx } from "../../../server/src/domains/context.ts";
import { dexamWhere } from "../../../server/src/domains/dexam/service.ts";
import type { RegistrationFilter } from "../../../server/src/domains/registrations/access.ts";
import { encodeCursor, keysetPage, listOrder } from "../../../server/src/graphql/cursor.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { campEventWithLocations, DAY, gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";
import { recordQueries } from "../../support/statements.ts";

let app: TestApp;
let world: World;
let eventId: number;
let club3: number;
let theoryId: number;
let preparationId: number;
let ids: number[];
const CHANGED_FROM = new Date("2026-03-01T12:00:00.000Z");

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  const prisma = app.db.prisma;
  club3 = (await prisma.association.create({ data: { name: "Stadtkapelle 100%_Drei", districtAssociationId: world.district1, invoiceEmail: "k@e.test" } })).id;
  const event = await campEventWithLocations(prisma, world.district1, "Überblick", false);
  eventId = event.id;
  const [theory, practice, preparation] = event.locations;
  theoryId = theory.id;
  preparationId = preparation.id;
  const laterEvent = await prisma.event.create({ data: { ...openEventFields(world.district1), name: "Später", formType: "DEXAM" } });
  const otherDistrict = await prisma.event.create({ data: { ...openEventFields(world.district2), name: "Anderswo", formType: "DEXAM" } });
  const file = await prisma.storedFile.create({
    data: {
      name: "einwilligung.pdf",
      mimeType: "application/pdf",
      size: 3,
      sha256: crypto.createHash("sha256").update("pdf").digest("hex"),
      data: Buffer.from("pdf"),
    },
  });
  const clubs = [world.club1, club3, world.club2];
  const lastnames = ["Maier", "Müller", "maier", "Zeller", "Äbi"];
  const firstnames = ["Anna", "Ben", "Anna", "Émile", "Mara_x"];
  ids = [];
  for (let i = 0; i < 31; i++) {
    const r = await prisma.dexamRegistration.create({
      data: {
        eventId,
        userId: world.userIds.member,
        firstname: firstnames[i % 5],
        lastname: lastnames[(i * 3) % 5],
        birthdate: new Date(Date.UTC(2010, i % 12, 1 + i)),
        gender: i % 2 ? "F" : "M",
        associationId: clubs[i % 3],
        instrument: i % 4 ? "CLARINET" : "PERCUSSION",
        type: i % 3 ? "D2" : "D1",
        theoryLocationId: i % 4 === 1 ? null : theory.id,
        practiceLocationId: i % 5 === 2 ? null : practice.id,
        preparationLocationId: i % 3 === 0 ? preparation.id : null,
        partialResultType: i % 7 === 3 ? "THEORY" : null,
        partialResultDistrict: i % 7 === 3 ? "KV Eins" : null,
        partialResultYear: i % 7 === 3 ? 2024 : null,
        partialResultLocation: i % 7 === 3 ? "Stadt" : null,
        partialResultPoints: i % 7 === 3 ? "27.5" : null,
        existingPartialResultVerified: i % 7 === 3 && i % 2 === 1,
        songs: [{ number: `${i}`, name: `Stück ${i}` }],
        remarks: i % 4 === 0 ? null : `Bemerkung ${i}`,
        cancelledAt: i % 6 === 5 ? new Date("2026-02-03T04:05:06.789Z") : null,
        gdprAccepted: true,
        cancellationAccepted: i % 2 === 0,
        consentFormFileId: i === 4 ? file.id : null,
        mealRequest: i % 5 === 0 ? "VEGETARIAN" : null,
        campDataEncrypted: i % 5 === 0 ? Buffer.from([1, 2, 3, i]) : null,
        theoryPoints: i % 3 === 0 ? null : `${20 + (i % 9)}.25`,
        practicePoints: i % 4 === 0 ? null : `${30 + (i % 11)}.5`,
        updatedAt: new Date(CHANGED_FROM.getTime() + (i - 15) * DAY),
      },
    });
    ids.push(r.id);
  }
  // two of them were taken over into a later event (takenOverBy)
  for (const from of [ids[2], ids[11]])
    await prisma.dexamRegistration.create({
      data: {
        eventId: laterEvent.id,
        userId: world.userIds.member,
        firstname: "Nach",
        lastname: "Folger",
        birthdate: new Date("2010-01-01T00:00:00Z"),
        gender: "F",
        associationId: world.club1,
        instrument: "FLUTE",
        type: "D2",
        takenOverFromId: from,
      },
    });
  await prisma.dexamRegistration.create({
    data: {
      eventId: otherDistrict.id,
      userId: world.userIds.member2,
      firstname: "Anna",
      lastname: "Maier",
      birthdate: new Date("2010-01-01T00:00:00Z"),
      gender: "F",
      associationId: world.club2,
      instrument: "FLUTE",
      type: "D1",
    },
  });
});
afterAll(async () => app?.stop());

const person = (roles: Principal["roles"], districtAssociationId: number, associationIds: number[]): Principal => ({
  kind: "user",
  userId: 1,
  subject: "s",
  roles,
  districtAssociationId,
  associationIds,
  blocked: false,
  profileComplete: true,
});
const callers = (): [string, Principal][] => [
  ["admin", person(["admin"], world.district2, [])],
  ["registration_read", person(["registration_read"], world.district1, [])],
  ["registration_manage with a club", person(["registration_manage"], world.district1, [club3])],
  ["member of one club", person([], world.district1, [world.club1])],
  ["member of two clubs", person([], world.district1, [world.club1, club3])],
  ["member of another district's club", person([], world.district2, [world.club2])],
  ["another district's staff with a club", person(["registration_read", "registration_manage"], world.district2, [world.club2])],
  ["another district's staff", person(["registration_manage"], world.district2, [])],
];
const filters = (): [string, Omit<RegistrationFilter, "eventId">][] => [
  ["no filter", {}],
  ["theory location", { locationId: theoryId }],
  ["preparation location", { locationId: preparationId }],
  ["club", { associationId: club3 }],
  ["another district's club", { associationId: world.club2 }],
  ["changed since", { updatedSince: CHANGED_FROM }],
  ["search in names, any case", { search: "mai" }],
  ["search with spaces around", { search: "  ANNA " }],
  ["search in the club's name", { search: "drei" }],
  ["search for an id", { search: String(ids[7]) }],
  ["search for a number beyond the ids", { search: "99999999999" }],
  ["search with LIKE's wildcards (as Prisma sends them)", { search: "%_" }],
  ["search with an underscore", { search: "a_x" }],
  ["search of only spaces", { search: "   " }],
  ["location, search and changed since together", { locationId: theoryId, search: "an", updatedSince: new Date(CHANGED_FROM.getTime() - 5 * DAY) }],
];

const ORDER = [{ lastname: "asc" as const }, { firstname: "asc" as const }, { id: "asc" as const }];
const LIST = listOrder("DexamRegistration", ORDER);
const ctxOf = (principal: Principal): ServiceCtx => ({ principal, prisma: app.db.prisma, services: app.services });

describe("the overview's pages (one read path, keyset cursors)", () => {
  it("[R-RO014] [R-RO016] [R-RO009] every caller and filter: a walk by cursor, 4 rows a page, answers exactly the list's rows in its order", async () => {
    let compared = 0;
    for (const [who, principal] of callers())
      for (const [what, f] of filters()) {
        const ctx = ctxOf(principal);
        const filter = { ...f, eventId };
        const label = `${who}, ${what}`;
        const where = dexamWhere(ctx, filter);
        const expected = await app.db.prisma.dexamRegistration.findMany({ where, orderBy: ORDER });
        const walked: unknown[] = [];
        let after: string | null = null;
        for (;;) {
          const page = await keysetPage("DexamRegistrationConnection", LIST, { first: 4, after }, (q) =>
            app.db.prisma.dexamRegistration.findMany({ where: { AND: [where, ...q.where] }, orderBy: q.orderBy as never, take: q.take }),
          );
          walked.push(...page.rows);
          compared += page.rows.length;
          if (!page.hasNextPage) break;
          after = encodeCursor("DexamRegistrationConnection", LIST, page.rows.at(-1) as never);
        }
        expect(walked, label).toEqual(expected);
      }
    expect(compared).toBeGreaterThan(200);
  });

  it("[R-RO007] the overview's page is one statement through Prisma whatever the selection; a wider selection answers the same rows", async () => {
    const token = await app.token(world.subjects["role:registration_manage"]);
    const overview = (node: string, first: number) =>
      recordQueries(() =>
        app.gql(
          `query($e: ID!, $n: Int) { dexamRegistrations(eventId: $e, first: $n) { totalCount edges { node { ${node} } } } }`,
          { e: gid("Event", eventId), n: first },
          token,
        ),
      );
    const usual = await overview("databaseId firstname lastname association { id name } theoryPoints grade viewerCan { edit delete takeOver }", 50);
    const wider = await overview(
      "databaseId firstname lastname association { id name } theoryPoints grade viewerCan { edit delete takeOver } event { name }",
      50,
    );
    expect(usual.result.body.errors, JSON.stringify(usual.result.body.errors)).toBeUndefined();
    expect(wider.result.body.errors).toBeUndefined();
    const page = (q: { text: string }[]) => q.filter((s) => s.text.includes("ORDER BY"));
    for (const read of [usual, wider]) {
      expect(page(read.queries)).toHaveLength(1);
      expect(page(read.queries)[0].text).toContain('"public"."DexamRegistration"');
    }
    const rows = (r: typeof usual) => r.result.body.data.dexamRegistrations;
    expect(rows(usual).totalCount).toBe(31);
    expect(rows(usual).edges).toHaveLength(31);
    expect(rows(wider).edges.map((e: { node: Record<string, unknown> }) => ({ ...e.node, event: undefined }))).toEqual(
      rows(usual).edges.map((e: { node: Record<string, unknown> }) => ({ ...e.node, event: undefined })),
    );
  });

  it("[R-RO009] a search for a number beyond the ids, or an event id beyond them, answers plainly instead of failing (both overviews)", async () => {
    const token = await app.token(world.subjects.admin);
    for (const field of ["dexamRegistrations", "competitionRegistrations"]) {
      const list = (e: string, search: string | null) =>
        app.gql(`query($e: ID!, $s: String) { ${field}(eventId: $e, search: $s, first: 5) { totalCount edges { node { id } } } }`, { e, s: search }, token);
      const searched = await list(gid("Event", eventId), "99999999999");
      expect(searched.body.errors, field).toBeUndefined();
      expect(searched.body.data[field].edges, field).toEqual([]);
      // an id beyond the int4 range is no id the server encodes: INVALID_ID
      const beyond = await list(gid("Event", 99_999_999_999), null);
      expect(beyond.body.errors?.[0]?.extensions?.code, field).toBe("INVALID_ID");
      expect(beyond.body.errors?.[0]?.message, field).toMatch(/^Ungültige ID/);
    }
  });
});
