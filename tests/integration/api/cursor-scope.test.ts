// A cursor page stays inside its list (server/src/graphql/cursor.ts). Prisma's own cursors started a
// page at a row named by id wherever that row was, so a cursor naming a row the caller may not see
// placed the caller's rows around it and told, step by step, its name. A keyset cursor holds the
// sort values of a row the caller was shown, not a row: a cursor of another district's list is only
// a position in the caller's own list, never a way to a row outside it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const name of ["MV Drei", "MV Vier"]) await app.db.prisma.association.create({ data: { name, districtAssociationId: world.district1 } });
  // rows of district 2 that sort before district 1's: Prisma alone would answer district 1's rows after them
  await app.db.prisma.association.create({ data: { name: "AAA Kapelle", districtAssociationId: world.district2 } });
  await app.db.prisma.user.create({ data: { firstname: "Aaron", lastname: "Aal", email: "aal@test.example", districtAssociationId: world.district2 } });
});
afterAll(() => app.stop());

type Edge = { cursor: string; node: Record<string, string> };
/** The edges of a list query for a token (the connection is the query's only field). */
async function edges(query: string, token: string, after?: string): Promise<Edge[]> {
  const res = await app.gql(query, { after: after ?? null }, token);
  expect(res.body.errors).toBeUndefined();
  return (Object.values(res.body.data as object)[0] as { edges: Edge[] }).edges;
}

describe("cursor pages stay inside the caller's list", () => {
  it("[R-UM007] users: another district's user is only a position in district staff's own list", async () => {
    const q = "query($after: String) { users(first: 50, after: $after) { edges { cursor node { email } } } }";
    const district2 = `{ users(first: 50, districtAssociationId: ${world.district2}) { edges { cursor node { email } } } }`;
    const foreign = (await edges(district2, await app.token(world.subjects.admin))).find((e) => e.node.email === "aal@test.example") as Edge;
    const staff = await app.token(world.subjects["role:user_read"]);
    const own = await edges(q, staff);
    expect(own.some((e) => e.node.email === "aal@test.example")).toBe(false);
    // "Aal, Aaron" sorts before every own user: the position answers the own list, nothing else
    expect(await edges(q, staff, foreign.cursor)).toEqual(own);
    // the caller's own cursor pages: the rows after it
    expect(await edges(q, staff, own[0].cursor)).toEqual(own.slice(1));
  });

  it("[R-CM004] clubs: another district's club is only a position in district staff's own list", async () => {
    const q = "query($after: String) { associations(first: 50, after: $after) { edges { cursor node { name } } } }";
    const district2 = `{ associations(first: 50, districtAssociationId: ${world.district2}) { edges { cursor node { name } } } }`;
    const foreign = (await edges(district2, await app.token(world.subjects.admin))).find((e) => e.node.name === "AAA Kapelle") as Edge;
    const staff = await app.token(world.subjects["role:association_read"]);
    const own = await edges(q, staff);
    expect(own.map((e) => e.node.name).sort()).toEqual(["MV Drei", "MV Eins", "MV Vier"]);
    expect(await edges(q, staff, foreign.cursor)).toEqual(own);
    expect(await edges(q, staff, own[0].cursor)).toEqual(own.slice(1));
  });
});
