// The registration overview's district associations (R-RO001): a member who registered in another
// district's event (R-ST003) finds that district, its event and the registration again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { dexamEventWithLocations, gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let foreignEvent: number;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  ({ event: foreignEvent } = await dexamEventWithLocations(app.db.prisma, world.district2, "D-Prüfungen Nachbarkreis"));
});
afterAll(() => app.stop());

const districtsOf = async (token: string) => {
  const res = await app.gql("{ overviewDistrictAssociations { databaseId } }", {}, token);
  expect(res.body.errors).toBeUndefined();
  return (res.body.data.overviewDistrictAssociations as { databaseId: number }[]).map((d) => d.databaseId).sort();
};

describe("the overview's district associations", () => {
  it("[R-RO001][R-ST003] a member is offered the own district and every district with an event holding registrations of the own clubs", async () => {
    expect(await districtsOf(t.member)).toEqual([world.district1]);
    const registration = await app.db.prisma.dexamRegistration.create({
      data: {
        eventId: foreignEvent,
        firstname: "Nora",
        lastname: "Nachbar",
        birthdate: new Date("2011-01-01"),
        gender: "F",
        associationId: world.club1,
        instrument: "FLUTE",
        type: "D1",
      },
    });
    expect(await districtsOf(t.member)).toEqual([world.district1, world.district2].sort());
    // the other district's member (no registration of theirs in district 1) and staff see only their own
    expect(await districtsOf(t.member2)).toEqual([world.district2]);
    expect(await districtsOf(t["role:registration_read"])).toEqual([world.district1]);
    expect(await districtsOf(t.admin)).toEqual([world.district1, world.district2].sort());

    // the tenancy rule "registrations of my clubs": the member lists the registration in that event
    const list = await app.gql(
      "query($e: ID!) { dexamRegistrations(eventId: $e, first: 10) { edges { node { databaseId lastname } } } }",
      { e: gid("Event", foreignEvent) },
      t.member,
    );
    expect(list.body.errors).toBeUndefined();
    expect(list.body.data.dexamRegistrations.edges.map((e: { node: { databaseId: number } }) => e.node.databaseId)).toEqual([registration.id]);
    // the other district's member does not see it
    const other = await app.gql(
      "query($e: ID!) { dexamRegistrations(eventId: $e, first: 10) { edges { node { databaseId } } } }",
      { e: gid("Event", foreignEvent) },
      t.member2,
    );
    expect(other.body.data.dexamRegistrations.edges).toEqual([]);
  });
});
