// Clubs through /v1 and GraphQL: club management and "Mein Verein bearbeiten", search, deletion
// rules, no lost updates. Permissions per role are in auth/authorization.test.ts; this file proves
// the rules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
});
afterAll(() => app.stop());

const fieldsOf = (body: any) => body?.error?.fields ?? {};
const STALE = /inzwischen von jemand anderem geändert/;

describe("clubs", () => {
  it("[R-API013][R-CM008] association_manage creates a club in the own district; the invoice e-mail is not checked in club management", async () => {
    const res = await app.rest("POST", "/v1/association", t["role:association_manage"], {
      name: "Neuer Verein",
      district_association_id: world.district1,
      invoice_email: "keine-mail",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Neuer Verein", district_association_id: world.district1, invoice_email: "keine-mail" });
  });

  it("[R-VA015] the club name is required", async () => {
    const res = await app.rest("POST", "/v1/association", t["role:association_manage"], { name: "", district_association_id: world.district1 });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual({ name: "Dieses Feld ist ein Pflichtfeld" });
  });

  it("[R-API015][R-API010] lists the clubs of the district with search; a non-admin naming another district is refused", async () => {
    const all = await app.rest("GET", "/v1/associations", t["role:association_read"]);
    expect(all.body.map((c: any) => c.district_association_id).every((d: number) => d === world.district1)).toBe(true);
    const search = await app.rest("GET", "/v1/associations?search=neuer", t["role:association_read"]);
    expect(search.body.map((c: any) => c.name)).toEqual(["Neuer Verein"]);
    const other = await app.rest("GET", `/v1/associations?districtId=${world.district2}`, t["role:association_read"]);
    // refused, not answered with the own district's clubs
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe("FORBIDDEN");
    const admin = await app.rest("GET", `/v1/associations?districtId=${world.district2}`, t.admin);
    expect(admin.body.map((c: any) => c.name)).toEqual(["MV Zwei"]);
  });

  it("[R-MC006][R-VA016][R-MC008] a member edits the own club, where the invoice e-mail has the e-mail rule", async () => {
    const bad = await app.rest("PUT", "/v1/association", t.member, { id: world.club1, name: "MV Eins", invoice_email: "kasse" });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual({ invoice_email: "Bitte eine gültige E-Mail Adresse eingeben" });
    const ok = await app.rest("PUT", "/v1/association", t.member, { id: world.club1, name: "Musikverein Eins", invoice_email: "kasse@mv1.example" });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: "Musikverein Eins", invoice_email: "kasse@mv1.example" });
  });

  it("[R-MC007] a member cannot change a club that is not theirs", async () => {
    const res = await app.rest("PUT", "/v1/association", t.member, { id: world.club2, name: "Gekapert" });
    expect(res.status).toBe(404);
    expect((await app.db.prisma.association.findUniqueOrThrow({ where: { id: world.club2 } })).name).toBe("MV Zwei");
  });

  it("[R-CM009][R-API012] a club with registrations cannot be deleted; without them it goes with its memberships", async () => {
    const club = await app.db.prisma.association.create({ data: { name: "Mit Anmeldung", districtAssociationId: world.district1 } });
    const event = await app.db.prisma.event.create({
      data: {
        name: "E",
        districtAssociationId: world.district1,
        formType: "DEXAM",
        registrationDeadline: new Date(),
        startPublishing: new Date(),
        finishPublishing: new Date(),
        privacyPolicy: "p",
      },
    });
    await app.db.prisma.dexamRegistration.create({
      data: {
        eventId: event.id,
        firstname: "A",
        lastname: "B",
        birthdate: new Date("2010-01-01"),
        gender: "M",
        associationId: club.id,
        instrument: "TUBA",
        type: "D1",
      },
    });
    const refused = await app.rest("DELETE", `/v1/association/${club.id}`, t["role:association_manage"]);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe("Der Verein hat Anmeldungen und kann nicht gelöscht werden");
    const empty = await app.db.prisma.association.create({
      data: { name: "Leer", districtAssociationId: world.district1, members: { create: [{ userId: world.userIds.target }] } },
    });
    expect((await app.rest("DELETE", `/v1/association/${empty.id}`, t["role:association_manage"])).status).toBe(204);
    expect(await app.db.prisma.userAssociation.count({ where: { associationId: empty.id } })).toBe(0);
    expect(await app.db.prisma.user.count({ where: { id: world.userIds.target } })).toBe(1);
  });

  it("[R-API014] GraphQL: association_manage renames a club and the audit log records it", async () => {
    const id = Buffer.from(`Association:${world.club1}`).toString("base64");
    const res = await app.gql(
      "mutation($id: ID!, $input: AssociationInput!) { updateAssociation(id: $id, input: $input) { name invoiceEmail } }",
      { id, input: { name: "MV 1", invoiceEmail: null, version: (await app.db.prisma.association.findUniqueOrThrow({ where: { id: world.club1 } })).version } },
      t["role:association_manage"],
    );
    expect(res.body.data.updateAssociation).toEqual({ name: "MV 1", invoiceEmail: null });
    expect(await app.db.prisma.auditEntry.count({ where: { entity: "Association", entityId: world.club1, action: "update" } })).toBeGreaterThanOrEqual(1);
  });

  it('[R-API014][R-CM006][R-MC005] no lost updates: club management and "Mein Verein bearbeiten" saving the same version: the second is refused', async () => {
    const loaded = await app.rest("GET", `/v1/association/${world.club1}`, t.member);
    const v = loaded.body.version as number;
    expect(v).toBeGreaterThanOrEqual(1);
    const office = await app.rest("PUT", "/v1/association", t["role:association_manage"], { ...loaded.body, name: "MV Büro" });
    expect(office.status, JSON.stringify(office.body)).toBe(200);
    expect(office.body).toMatchObject({ name: "MV Büro", version: v + 1 });
    const member = await app.rest("PUT", "/v1/association", t.member, { ...loaded.body, name: "MV Mitglied", invoice_email: "kasse@mv1.example" });
    expect(member.status).toBe(409);
    expect(member.body.error.message).toMatch(STALE);
    expect(await app.db.prisma.association.findUniqueOrThrow({ where: { id: world.club1 } })).toMatchObject({
      name: "MV Büro",
      invoiceEmail: null,
      version: v + 1,
    });

    const mutation = "mutation($id: ID!, $input: AssociationInput!) { updateAssociation(id: $id, input: $input) { name version } }";
    const stale = await app.gql(mutation, { id: gid("Association", world.club1), input: { name: "MV GraphQL", version: v } }, t.member);
    expect(stale.body.errors?.[0].extensions?.code).toBe("CONFLICT");
    expect(stale.body.errors?.[0].message).toMatch(STALE);
    const current = await app.gql(mutation, { id: gid("Association", world.club1), input: { name: "MV GraphQL", version: v + 1 } }, t.member);
    expect(current.body.data.updateAssociation).toEqual({ name: "MV GraphQL", version: v + 2 });

    // without a version (a spec /v1 client) the save goes through: last write wins
    const unversioned = await app.rest("PUT", "/v1/association", t["role:association_manage"], { id: world.club1, name: "MV 1" });
    expect(unversioned.status).toBe(200);
    expect(unversioned.body).toMatchObject({ name: "MV 1", version: v + 3 });
  });
});
