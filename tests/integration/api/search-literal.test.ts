// A search or an e-mail lookup matches the text as written, in any case: % and _ are characters,
// not LIKE's wildcards (server/src/db/search.ts). Prisma sends `contains` and `equals` with mode
// "insensitive" as ILIKE with the text unescaped, so before, "100%" also found "1000", "a_b"
// found "axb", and a new user "a_b@..." counted as taken when "axb@..." existed. The sign-in and
// the forgotten-password form are tested in auth/oidc.test.ts and users/own-account.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../../server/src/auth/principal.ts";
import { likeLiteral } from "../../../server/src/db/search.ts";
import { competitionWhere } from "../../../server/src/domains/competition/service.ts";
import type { ServiceCtx } from "../../../server/src/domains/context.ts";
import { dexamWhere } from "../../../server/src/domains/dexam/service.ts";
import { competitionResults, dexamResults } from "../../../server/src/domains/results/service.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
let dexamEvent: number;
let competitionEvent: number;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  const prisma = app.db.prisma;
  const d = world.district1;
  for (const name of ["Blech 100%", "Blech 1000", "MV a_b", "MV axb", "MV a\\b"]) await prisma.association.create({ data: { name, districtAssociationId: d } });
  for (const [lastname, email] of [
    ["Wild_card", "a_b@test.example"],
    ["WildXcard", "axb@test.example"],
  ])
    await prisma.user.create({ data: { firstname: "Suche", lastname, email, districtAssociationId: d } });
  dexamEvent = (await prisma.event.create({ data: { ...openEventFields(d), name: "D", formType: "DEXAM" } })).id;
  competitionEvent = (await prisma.event.create({ data: { ...openEventFields(d), name: "W", formType: "COMPETITION" } })).id;
  for (const lastname of ["Pro%zent", "Prozzent", "Unter_strich", "Unterxstrich"])
    await prisma.dexamRegistration.create({
      data: {
        eventId: dexamEvent,
        firstname: "Kind",
        lastname,
        birthdate: new Date("2012-01-01T00:00:00Z"),
        gender: "F",
        associationId: world.club1,
        instrument: "FLUTE",
        type: "D1",
        theoryPoints: "30",
      },
    });
  for (const name of ["Band 100%", "Band 1000", "Jugend_Orchester", "JugendXOrchester"])
    await prisma.competitionRegistration.create({
      data: {
        eventId: competitionEvent,
        name,
        associationId: world.club1,
        type: "T",
        cast: "B",
        category: "CAT_1",
        conductorName: "D",
        numberOfMusicians: 20,
        points: "80",
      },
    });
});
afterAll(() => app.stop());

const admin: Principal = {
  kind: "user",
  userId: 1,
  subject: "s",
  roles: ["admin"],
  districtAssociationId: 0,
  associationIds: [],
  blocked: false,
  profileComplete: true,
};
const ctx = (): ServiceCtx => ({ principal: admin, prisma: app.db.prisma, services: app.services });

/** The values of one field of a /v1 list's rows for a search, sorted (as the administrator). */
async function listed(route: string, field: string, search: string) {
  const res = await app.rest("GET", `${route}?search=${encodeURIComponent(search)}`, await app.token(world.subjects.admin));
  expect(res.status).toBe(200);
  return (res.body as Record<string, string>[]).map((row) => row[field]).sort();
}

describe("searching for % and _", () => {
  it("likeLiteral escapes the pattern's special characters and nothing else", () => {
    expect(likeLiteral("100%")).toBe("100\\%");
    expect(likeLiteral("a_b")).toBe("a\\_b");
    expect(likeLiteral("a\\b")).toBe("a\\\\b");
    expect(likeLiteral("Müller-Lüdenscheidt (MV)")).toBe("Müller-Lüdenscheidt (MV)");
  });

  it("[R-CM004][R-API015] the club search finds the text as written", async () => {
    const names = (search: string) => listed("/v1/associations", "name", search);
    expect(await names("100%")).toEqual(["Blech 100%"]);
    expect(await names("a_b")).toEqual(["MV a_b"]);
    expect(await names("A\\B")).toEqual(["MV a\\b"]);
    expect(await names("%")).toEqual(["Blech 100%"]);
    expect(await names("blech")).toEqual(["Blech 100%", "Blech 1000"]);
    // a number beyond the ids (a phone number) is a text to look for, not an error
    expect(await names("017612345678")).toEqual([]);
  });

  it("[R-UM007][R-API066] the user search finds the text as written", async () => {
    const names = (search: string) => listed("/v1/users", "lastname", search);
    expect(await names("d_c")).toEqual(["Wild_card"]);
    expect(await names("a_b@")).toEqual(["Wild_card"]);
    expect(await names("WILD")).toEqual(["WildXcard", "Wild_card"]);
    expect(await names("017612345678")).toEqual([]);
  });

  it("[R-RO009] the D-exam overview finds the text as written", async () => {
    const read = async (search: string) =>
      (await app.db.prisma.dexamRegistration.findMany({ where: dexamWhere(ctx(), { eventId: dexamEvent, search }) })).map((r) => r.lastname).sort();
    expect(await read("o%z")).toEqual(["Pro%zent"]);
    expect(await read("r_s")).toEqual(["Unter_strich"]);
    expect(await read("%")).toEqual(["Pro%zent"]);
    expect(await read("_")).toEqual(["Unter_strich"]);
    expect(await read("pro")).toEqual(["Pro%zent", "Prozzent"]);
  });

  it("[R-RO009] the competition overview finds the text as written", async () => {
    const names = async (search: string) =>
      (await app.db.prisma.competitionRegistration.findMany({ where: competitionWhere(ctx(), { eventId: competitionEvent, search }) }))
        .map((r) => r.name)
        .sort();
    expect(await names("100%")).toEqual(["Band 100%"]);
    expect(await names("d_O")).toEqual(["Jugend_Orchester"]);
  });

  it("[R-RE006] the results tables find the text as written", async () => {
    const dexam = async (search: string) => (await dexamResults(ctx(), { eventId: dexamEvent, search })).map((r) => r.lastname).sort();
    const competition = async (search: string) => (await competitionResults(ctx(), { eventId: competitionEvent, search })).map((r) => r.name).sort();
    expect(await dexam("%")).toEqual(["Pro%zent"]);
    expect(await dexam("_")).toEqual(["Unter_strich"]);
    expect(await competition("%")).toEqual(["Band 100%"]);
    expect(await competition("_")).toEqual(["Jugend_Orchester"]);
    expect(await dexam("99999999999")).toEqual([]);
  });

  it("[R-VA010][R-API064] an e-mail address counts as taken only when it is the same address in any case", async () => {
    const token = await app.token(world.subjects["role:user_manage"]);
    const create = (email: string) =>
      app.rest("POST", "/v1/user", token, { district_association_id: world.district1, firstname: "Neu", lastname: "Person", email });
    // "axb@test.example" exists: "a_b@..." is another address (it exists too, created above), "a%b@..." as well
    const other = await create("a%b@test.example");
    expect(other.status).toBe(201);
    const taken = await create("AXB@test.example");
    expect(taken.status).toBe(400);
    expect((taken.body as { error: { fields: Record<string, string> } }).error.fields).toEqual({ email: "Diese E-Mail-Adresse wird bereits verwendet" });
    expect(await app.db.prisma.user.count({ where: { lastname: "Person" } })).toBe(1);
  });
});
