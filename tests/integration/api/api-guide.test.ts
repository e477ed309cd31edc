// The integrator guide cannot rot (issue 11, item 4): every ```graphql block of docs/api.md runs
// against a test server with a staff token and seeded data, every ```sh block runs through the
// shell with $API and $TOKEN set, and none may answer an error.
import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { DAY } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

const guide = fs.readFileSync("docs/api.md", "utf8");
const blocks = (lang: string) => [...guide.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, "g"))].map((m) => m[1]);
const operationName = (doc: string) => /^(?:query|mutation)\s+(\w+)/m.exec(doc)?.[1] ?? "anonymous";

let app: TestApp;
let world: World;
let token: string;
const variables: Record<string, unknown> = { after: null };

beforeAll(async () => {
  app = await startTestApp({ listen: true });
  world = await createWorld(app.db.prisma);
  token = await app.token(world.subjects.admin);
  const event = await app.db.prisma.event.create({
    data: {
      name: "D-Prüfungen Herbst",
      formType: "DEXAM",
      districtAssociationId: world.district1,
      registrationDeadline: new Date(Date.now() + 30 * DAY),
      startPublishing: new Date(Date.now() - DAY),
      finishPublishing: new Date(Date.now() + 90 * DAY),
      privacyPolicy: "p",
      locations: { create: [{ name: "Musikschule", type: "DEXAM_THEORY", street: "Weg 1", city: "Stadt", dexamTypes: ["D1"], publishResults: true }] },
    },
    include: { locations: true },
  });
  const regs = [];
  for (const firstname of ["Anna", "Ben", "Clara"])
    regs.push(
      await app.db.prisma.dexamRegistration.create({
        data: {
          eventId: event.id,
          firstname,
          lastname: "Beispiel",
          birthdate: new Date("2012-05-01"),
          gender: "F",
          associationId: world.club1,
          instrument: "FLUTE",
          type: "D1",
          theoryLocationId: event.locations[0].id,
        },
      }),
    );
  // the ids the API itself hands out
  const ids = await app.gql<{ events: { edges: { node: { id: string; databaseId: number } }[] } }>(
    "{ events { edges { node { id databaseId } } } }",
    {},
    token,
  );
  variables.eventId = ids.body.data?.events.edges.find((e) => e.node.databaseId === event.id)?.node.id;
  const first = await app.gql("query($e: ID!) { dexamRegistrations(eventId: $e, first: 1) { edges { node { id } } } }", { e: variables.eventId }, token);
  variables.registrationId = first.body.data.dexamRegistrations.edges[0].node.id;
  // one change, so the change history has an entry
  const upd = await app.gql("mutation($id: ID!) { cancelDexamRegistration(id: $id) { id cancelledAt } }", { id: variables.registrationId }, token);
  expect(upd.body.errors, JSON.stringify(upd.body)).toBeUndefined();
});
afterAll(() => app.stop());

type Conn = { totalCount: number; edges: { node: { firstname: string } }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

describe("docs/api.md", () => {
  it("has GraphQL and shell examples, and README links it", () => {
    expect(blocks("graphql").length).toBeGreaterThanOrEqual(4);
    expect(blocks("sh").length).toBeGreaterThanOrEqual(2);
    expect(fs.readFileSync("README.md", "utf8")).toContain("docs/api.md");
  });

  for (const doc of blocks("graphql")) {
    it(`the GraphQL example ${operationName(doc)} runs without errors as staff`, async () => {
      const res = await app.gql(doc, variables, token);
      expect(res.status).toBe(200);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      expect(Object.keys(res.body.data ?? {}).length).toBeGreaterThan(0);
    });
  }

  it("the pagination example walks all registrations page by page with its cursors", async () => {
    const doc = blocks("graphql").find((d) => operationName(d) === "DexamRegistrations");
    expect(doc).toBeDefined();
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const res: { body: { data?: { dexamRegistrations: Conn } } } = await app.gql(doc as string, { eventId: variables.eventId, after }, token);
      const conn = res.body.data?.dexamRegistrations as Conn;
      expect(conn.totalCount).toBe(3);
      seen.push(...conn.edges.map((e: { node: { firstname: string } }) => e.node.firstname));
      if (!conn.pageInfo.hasNextPage) break;
      after = conn.pageInfo.endCursor;
    }
    expect(seen.sort()).toEqual(["Anna", "Ben", "Clara"]);
  });

  it("the change-history example shows the cancellation", async () => {
    const doc = blocks("graphql").find((d) => operationName(d) === "History") as string;
    const res = await app.gql(doc, variables, token);
    expect(res.body.data.auditTrail.edges.map((e: { node: { action: string } }) => e.node.action)).toContain("cancel");
  });

  for (const script of blocks("sh")) {
    it(`the shell example "${script.split("\n")[0].slice(0, 50)}" answers JSON without an error`, async () => {
      const { stdout } = await promisify(execFile)("bash", ["-euo", "pipefail", "-c", script], {
        env: { ...process.env, API: app.baseUrl, TOKEN: token },
      });
      const body = JSON.parse(stdout);
      expect(body.errors ?? body.error, stdout.slice(0, 300)).toBeUndefined();
      expect(body).toBeTruthy();
    });
  }
});
