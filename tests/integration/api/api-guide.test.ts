// The integrator guide cannot rot: every ```graphql block of
// docs/api.md runs against a test server with seeded data, every ```sh block runs through the shell
// with $API and $TOKEN set, and none may answer an error. $TOKEN is the guide's own API client
// (docs/api-clients.md, created and signed in as that page shows), so its roles are the ones the
// examples need.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { guideApiClient, guideEvent, markdownBlocks, runShell } from "../../support/guide.ts";
import { createWorld, type World } from "../../support/principals.ts";

const blocks = (lang: string) => markdownBlocks("docs/api.md", lang);
const operationName = (doc: string) => /^(?:query|mutation)\s+(\w+)/m.exec(doc)?.[1] ?? "anonymous";

let app: TestApp;
let world: World;
let token: string;
let roles: string[];
const variables: Record<string, unknown> = { after: null };

beforeAll(async () => {
  app = await startTestApp({ listen: true });
  world = await createWorld(app.db.prisma);
  const admin = await app.token(world.subjects.admin);
  ({ token, roles } = await guideApiClient(app, admin));
  const { event } = await guideEvent(app, world);
  // the ids the API itself hands out
  const ids = await app.gql<{ events: { edges: { node: { id: string; databaseId: number } }[] } }>(
    "{ events { edges { node { id databaseId } } } }",
    {},
    token,
  );
  variables.eventId = ids.body.data?.events.edges.find((e) => e.node.databaseId === event.id)?.node.id;
  const first = await app.gql("query($e: ID!) { dexamRegistrations(eventId: $e, first: 1) { edges { node { id } } } }", { e: variables.eventId }, token);
  variables.registrationId = first.body.data.dexamRegistrations.edges[0].node.id;
  // one change by staff, so the change history has an entry
  const upd = await app.gql("mutation($id: ID!) { cancelDexamRegistration(id: $id) { id cancelledAt } }", { id: variables.registrationId }, admin);
  expect(upd.body.errors, JSON.stringify(upd.body)).toBeUndefined();
});
afterAll(() => app.stop());

type Conn = { totalCount: number; edges: { node: { firstname: string } }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

describe("docs/api.md", () => {
  it("runs as the API client of docs/api-clients.md, whose roles docs/api.md names", () => {
    const guide = fs.readFileSync("docs/api.md", "utf8");
    const named = /guide's API client[^(]*\(roles ([^)]*)\)/.exec(guide)?.[1] ?? "";
    expect([...named.matchAll(/`(\w+)`/g)].map((m) => m[1]).sort()).toEqual([...roles].sort());
  });

  it("docs/api-clients.md step 1 runs for staff holding the roles it gives; staff without one are refused at roles, as the page says", async () => {
    const create = markdownBlocks("docs/api-clients.md", "graphql")[0];
    const staff = async (subject: string, roles: string[]) => {
      await app.db.prisma.user.create({
        data: { subject, email: `${subject}@test.example`, firstname: "S", lastname: "Tab", districtAssociationId: world.district1, roles: roles as never },
      });
      return app.token(subject);
    };
    const holding = await app.gql(create, {}, await staff("guide-staff-all", ["user_manage", "registration_manage", "results_read"]));
    expect(holding.body.errors, JSON.stringify(holding.body.errors)).toBeUndefined();
    // the demo's staff: every manage role, results_manage instead of results_read
    const demo = ["user_manage", "association_manage", "event_manage", "registration_manage", "results_manage", "invoice_manage"];
    const refused = await app.gql(create, {}, await staff("guide-staff-demo", demo));
    expect(refused.body.errors?.[0]?.extensions?.code).toBe("VALIDATION");
    expect(Object.keys((refused.body.errors?.[0]?.extensions as { fields?: object } | undefined)?.fields ?? {})).toEqual(["roles"]);
  });

  it("has GraphQL and shell examples, and README links it", () => {
    expect(blocks("graphql").length).toBeGreaterThanOrEqual(4);
    expect(blocks("sh").length).toBeGreaterThanOrEqual(2);
    expect(fs.readFileSync("README.md", "utf8")).toContain("docs/api.md");
  });

  for (const doc of blocks("graphql")) {
    it(`the GraphQL example ${operationName(doc)} runs without errors as the guide's API client`, async () => {
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

  it("the results example shows the theory points entered", async () => {
    const doc = blocks("graphql").find((d) => operationName(d) === "DexamResults") as string;
    const res = await app.gql(doc, variables, token);
    expect(res.body.data.dexamResults.map((r: { firstname: string; theoryPoints: number | null }) => [r.firstname, r.theoryPoints])).toEqual([
      ["Anna", 87.5],
      ["Ben", null],
      ["Clara", null],
    ]);
  });

  it("the change-history example shows the cancellation", async () => {
    const doc = blocks("graphql").find((d) => operationName(d) === "History") as string;
    const res = await app.gql(doc, variables, token);
    expect(res.body.data.auditTrail.edges.map((e: { node: { action: string } }) => e.node.action)).toContain("cancel");
  });

  for (const script of blocks("sh")) {
    it(`the shell example "${script.split("\n")[0].slice(0, 50)}" answers JSON without an error`, async () => {
      const stdout = await runShell(script, { API: app.baseUrl, TOKEN: token });
      const body = JSON.parse(stdout);
      expect(body.errors ?? body.error, stdout.slice(0, 300)).toBeUndefined();
      expect(body).toBeTruthy();
    });
  }
});
