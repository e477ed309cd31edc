// The access log of camp health data (Zugriffe auf Gesundheitsdaten): registration_manage reads the
// district's log and a registration's accesses, newest first, with German door labels and paging;
// another district's registration is "not found"; the expiry round deletes records past their period.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteExpiredEvents } from "../../../server/src/domains/events/expiry.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { DAY, gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let first: number;
let second: number;

const LOG = `query($r: ID, $d: ID, $first: Int, $after: String) {
  healthDataAccesses(registration: $r, districtAssociation: $d, first: $first, after: $after) {
    totalCount
    edges { cursor node { at door doorLabel actorName registrationCount registrations { databaseId name eventName } } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const log = async (who: string, vars: Record<string, unknown> = {}) => (await app.gql(LOG, vars, t[who])).body as any;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  const e = await app.db.prisma.event.create({
    data: {
      ...openEventFields(world.district1),
      name: "Freizeit Protokoll",
      formType: "DEXAM_CAMP",
      locations: { create: [{ name: "T", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1"] }] },
    },
  });
  const row = (firstname: string) =>
    app.db.prisma.dexamRegistration.create({
      data: {
        eventId: e.id,
        firstname,
        lastname: "Zugriff",
        birthdate: new Date("2012-01-01"),
        gender: "F",
        associationId: world.club1,
        instrument: "FLUTE",
        type: "D1",
        mealRequest: "VEGAN",
      },
    });
  first = (await row("Anna")).id;
  second = (await row("Bernd")).id;
  // the registration staff read the first one, then the whole list; the registering club's member reads the consent-free list
  await app.rest("GET", `/v1/registration/dexam/${first}`, t["role:registration_read"]);
  await app.rest("GET", `/v1/registrations/event/${e.id}/dexam`, t["role:registration_manage"]);
});
afterAll(() => app.stop());

describe("the access log of health data", () => {
  it("registration_manage reads the district's log newest first, with who, the door in German and the registrations' names", async () => {
    const body = await log("role:registration_manage");
    expect(body.errors).toBeUndefined();
    const nodes = body.data.healthDataAccesses.edges.map((e: { node: unknown }) => e.node);
    expect(body.data.healthDataAccesses.totalCount).toBe(2);
    expect(nodes[0]).toMatchObject({
      door: "restList",
      doorLabel: "Anmeldeliste über die Schnittstelle (/v1) gelesen",
      actorName: "role:registration_manage Test",
      registrationCount: 2,
      registrations: [
        { databaseId: first, name: "Anna Zugriff", eventName: "Freizeit Protokoll" },
        { databaseId: second, name: "Bernd Zugriff", eventName: "Freizeit Protokoll" },
      ],
    });
    expect(nodes[1]).toMatchObject({ door: "rest", doorLabel: "Anmeldung über die Schnittstelle (/v1) gelesen", actorName: "role:registration_read Test" });
  });

  it("pages with first/after", async () => {
    const one = (await log("role:registration_manage", { first: 1 })).data.healthDataAccesses;
    expect(one.edges).toHaveLength(1);
    expect(one.pageInfo.hasNextPage).toBe(true);
    const next = (await log("role:registration_manage", { first: 1, after: one.pageInfo.endCursor })).data.healthDataAccesses;
    expect(next.edges[0].node.door).toBe("rest");
    expect(next.pageInfo.hasNextPage).toBe(false);
  });

  it("a registration's accesses (its history) name only the records that include it", async () => {
    const ofSecond = (await log("role:registration_manage", { r: gid("DexamRegistration", second) })).data.healthDataAccesses;
    expect(ofSecond.edges.map((e: { node: { door: string } }) => e.node.door)).toEqual(["restList"]);
    const ofFirst = (await log("admin", { r: gid("DexamRegistration", first) })).data.healthDataAccesses;
    expect(ofFirst.edges.map((e: { node: { door: string } }) => e.node.door)).toEqual(["restList", "rest"]);
  });

  it("another district: its own log is empty, district 1's log is forbidden, district 1's registration not found; members and registration_read are refused", async () => {
    expect((await log("staff2")).data.healthDataAccesses.totalCount).toBe(0);
    expect((await log("staff2", { d: gid("DistrictAssociation", world.district1) })).errors[0].extensions.code).toBe("FORBIDDEN");
    expect((await log("staff2", { r: gid("DexamRegistration", first) })).errors[0].extensions.code).toBe("NOT_FOUND");
    expect((await log("admin", { d: gid("DistrictAssociation", world.district1) })).data.healthDataAccesses.totalCount).toBe(2);
    expect((await log("member")).errors[0].extensions.code).toBe("FORBIDDEN");
    expect((await log("role:registration_read")).errors[0].extensions.code).toBe("FORBIDDEN");
  });

  it("a deleted registration stays in the log by id, without its name", async () => {
    const gone = await app.db.prisma.dexamRegistration.create({
      data: {
        eventId: (await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: first } })).eventId,
        firstname: "Gerd",
        lastname: "Weg",
        birthdate: new Date("2012-01-01"),
        gender: "M",
        associationId: world.club1,
        instrument: "FLUTE",
        type: "D1",
        mealRequest: "VEGAN",
      },
    });
    await app.rest("GET", `/v1/registration/dexam/${gone.id}`, t["role:registration_manage"]);
    await app.db.prisma.dexamRegistration.delete({ where: { id: gone.id } });
    const body = await log("role:registration_manage", { r: gid("DexamRegistration", gone.id) });
    expect(body.data.healthDataAccesses.edges[0].node.registrations).toEqual([{ databaseId: gone.id, name: null, eventName: null }]);
  });

  it("a deleted district association takes its access log with it", async () => {
    const district = await app.db.prisma.districtAssociation.create({
      data: { name: "KV Weg", iamRef: "kv-weg", gdprLink: "https://e.test/g", impressLink: "https://e.test/i" },
    });
    await app.db.prisma.healthDataAccess.create({
      data: { expiresAt: new Date(Date.now() + 30 * DAY), actorLabel: "x", door: "rest", districtAssociationId: district.id, registrationIds: [1] },
    });
    await app.db.prisma.districtAssociation.delete({ where: { id: district.id } });
    expect(await app.db.prisma.healthDataAccess.count({ where: { districtAssociationId: district.id } })).toBe(0);
  });

  it("the expiry round deletes the records past their keeping period and keeps the others", async () => {
    const now = new Date();
    const old = await app.db.prisma.healthDataAccess.create({
      data: {
        at: new Date(now.getTime() - 400 * DAY),
        expiresAt: new Date(now.getTime() - 35 * DAY),
        actorLabel: "x",
        door: "rest",
        districtAssociationId: world.district1,
        registrationIds: [first],
      },
    });
    const kept = await app.db.prisma.healthDataAccess.count();
    await deleteExpiredEvents(app.db.prisma, now);
    expect(await app.db.prisma.healthDataAccess.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await app.db.prisma.healthDataAccess.count()).toBe(kept - 1);
  });
});
