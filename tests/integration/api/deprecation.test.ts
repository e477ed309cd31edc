// The deprecation policy on the wire (docs/api.md section 11): a document that names a deprecated
// field, argument, input field or enum value is answered as usual, with `Deprecation` (RFC 9745,
// the day it was announced) and `Sunset` (RFC 8594, the notice period later); any other has neither.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEPRECATED_SINCE, DEPRECATION_NOTICE_DAYS } from "../../../server/src/graphql/deprecation.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
let token: string;

beforeAll(async () => {
  app = await startTestApp({ listen: true });
  world = await createWorld(app.db.prisma);
  token = await app.token(world.subjects.admin);
});
afterAll(() => app?.stop());

const post = (query: string) =>
  fetch(`${app.baseUrl}/graphql`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ query }),
  });

describe("Deprecation and Sunset headers", () => {
  it("a deprecated argument: answered, with Deprecation (@ the announcement) and Sunset (the notice period later)", async () => {
    const res = await post(`{ events(districtAssociationId: ${world.district1}) { totalCount } }`);
    expect(res.status).toBe(200);
    expect((await res.json()).errors).toBeUndefined();
    expect(res.headers.get("deprecation")).toBe(`@${DEPRECATED_SINCE.getTime() / 1000}`);
    const sunset = new Date(res.headers.get("sunset") as string);
    expect(Math.round((sunset.getTime() - DEPRECATED_SINCE.getTime()) / 86_400_000)).toBe(DEPRECATION_NOTICE_DAYS);
    expect(DEPRECATION_NOTICE_DAYS).toBeGreaterThanOrEqual(180);
  });

  it("a deprecated input field in a literal is flagged too", async () => {
    const res = await post(`mutation { createAssociation(input: { name: "MV Alt", districtAssociationId: ${world.district1} }) { id } }`);
    expect(res.headers.get("deprecation")).toMatch(/^@\d+$/);
  });

  it("a document with only current fields has neither header", async () => {
    const res = await post("{ events { totalCount } districtAssociations { id name } }");
    expect(res.status).toBe(200);
    expect(res.headers.get("deprecation")).toBeNull();
    expect(res.headers.get("sunset")).toBeNull();
  });
});
