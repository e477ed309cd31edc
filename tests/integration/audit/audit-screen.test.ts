// The screen "Änderungen" (change history on screen): the audit trail answers who (a person's
// name, an API client, the system), what (German action) and which fields (German labels; health
// data only as the fact that it changed); and the viewer learns which operations the roles allow,
// so a row menu offers "Änderungen" only where it can work.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { dexamEventWithLocations, dexamWireBody, gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let registration: number;

const SCREEN = "query($id: ID!) { auditTrail(id: $id, first: 100) { edges { node { actorName actionLabel changedFieldLabels changedFields } } } }";

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" } });
  const at = await dexamEventWithLocations(app.db.prisma, world.district1, "Verlauf");
  const body = dexamWireBody(at, world.club1);
  const created = await app.rest("POST", "/v1/registration/dexam", t.member, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  registration = created.body.id;
  const updated = await app.rest("PUT", "/v1/registration/dexam", t["role:registration_manage"], {
    ...body,
    id: registration,
    version: created.body.version,
    firstname: "Geändert",
    remarks: "telefonisch",
  });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
});
afterAll(() => app.stop());

describe("change history on screen", () => {
  it("names who acted, what happened and the changed fields in German, newest first", async () => {
    const res = await app.gql(SCREEN, { id: gid("DexamRegistration", registration) }, t["role:registration_manage"]);
    expect(res.body.errors).toBeUndefined();
    const [update, create] = res.body.data.auditTrail.edges.map((e: any) => e.node);
    const staff = await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds["role:registration_manage"] } });
    const member = await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.member } });
    expect(update).toMatchObject({ actorName: `${staff.firstname} ${staff.lastname}`.trim(), actionLabel: "Geändert" });
    expect(update.changedFields).toEqual(["firstname", "remarks"]);
    expect(update.changedFieldLabels).toEqual(["Vorname", "Bemerkungen"]);
    expect(create).toMatchObject({ actorName: `${member.firstname} ${member.lastname}`.trim(), actionLabel: "Angelegt" });
  });

  it("shows a deleted actor as such and automatic changes as the system", async () => {
    await app.db.prisma.auditEntry.createMany({
      data: [
        {
          actorUserId: 99_999_999,
          actorLabel: "gone",
          action: "update",
          entity: "DexamRegistration",
          entityId: registration,
          details: { changed: ["campData"] },
        },
        { actorUserId: null, actorLabel: "system", action: "expire", entity: "DexamRegistration", entityId: registration },
        { actorUserId: null, actorLabel: "client:abc", action: "cancel", entity: "DexamRegistration", entityId: registration },
      ],
    });
    const res = await app.gql(SCREEN, { id: gid("DexamRegistration", registration) }, t["role:registration_manage"]);
    const [client, system, deleted] = res.body.data.auditTrail.edges.map((e: any) => e.node);
    expect(client).toMatchObject({ actorName: "API-Zugang abc", actionLabel: "Storniert" });
    expect(system).toMatchObject({ actorName: "System", actionLabel: "Automatisch gelöscht" });
    expect(deleted).toMatchObject({ actorName: "Gelöschter Benutzer", changedFieldLabels: ["Freizeitangaben (Gesundheitsdaten)"] });
  });

  it("[R-RP019] tells the viewer which operations the roles allow (own account only)", async () => {
    const ops = async (token: string) => (await app.gql("{ viewer { allowedOperations } }", {}, token)).body.data.viewer.allowedOperations as string[];
    expect(await ops(t["role:registration_manage"])).toContain("audit.registration");
    expect(await ops(t["role:user_manage"])).toContain("audit.user");
    expect(await ops(t["role:user_manage"])).not.toContain("audit.registration");
    expect(await ops(t.member)).not.toContain("audit.registration");
    expect(await ops(t.member)).toContain("viewer.read");
    const other = await app.gql("query($id: ID!) { node(id: $id) { ... on User { allowedOperations } } }", { id: gid("User", world.userIds.member) }, t.admin);
    expect(other.body.data.node.allowedOperations).toEqual([]);
  });
});
