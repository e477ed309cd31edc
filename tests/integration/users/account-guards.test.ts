// Accounts and what they open: club membership is granted by someone else, the address that
// receives the password link changes only with its owner (or an administrator) and the old address
// is told, and "Meine Daten" holds only registrations the person may still read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { campEventWithLocations, gid } from "../../support/fixtures.ts";
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

const gql = async (query: string, variables: Record<string, unknown>, token: string) => (await app.gql(query, variables, token)).body as any;
const SET_CLUBS = "mutation($id: ID!, $ids: [Int!]!) { setUserAssociations(id: $id, associationIds: $ids) { associations { databaseId } } }";
const clubsOf = async (id: number) => (await app.db.prisma.userAssociation.findMany({ where: { userId: id } })).map((a) => a.associationId);

describe("club membership", () => {
  it("[R-UM012][R-RP006] a user manager cannot assign clubs to itself (GraphQL and /v1), nor can an administrator; nothing changes", async () => {
    for (const who of ["role:user_manage", "admin"]) {
      const id = world.userIds[who];
      const before = await clubsOf(id);
      const viaGql = await gql(SET_CLUBS, { id: gid("User", id), ids: [world.club1] }, t[who]);
      expect(viaGql.errors?.[0].extensions.code).toBe("FORBIDDEN");
      expect(viaGql.errors?.[0].message).toContain("Sie können sich nicht selbst Vereinen zuordnen");
      const viaRest = await app.rest("PUT", `/v1/user/${id}/associations`, t[who], { association_ids: [world.club1] });
      expect(viaRest.status).toBe(403);
      expect(viaRest.body.error.fields).toEqual({ association_ids: "Sie können sich nicht selbst Vereinen zuordnen" });
      expect(await clubsOf(id)).toEqual(before);
    }
  });

  it("[R-UM012] assigning clubs to another user of the district still works", async () => {
    const res = await app.rest("PUT", `/v1/user/${world.userIds.target}/associations`, t["role:user_manage"], { association_ids: [world.club1] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await clubsOf(world.userIds.target)).toEqual([world.club1]);
  });
});

describe("e-mail addresses", () => {
  let n = 0;
  const person = async (state: "pending" | "signedIn" | "password") => {
    n += 1;
    return app.db.prisma.user.create({
      data: {
        email: `person${n}@test.example`,
        firstname: "Pia",
        lastname: `Person${n}`,
        districtAssociationId: world.district1,
        subject: `sub-person-${n}`,
        ...(state === "signedIn" ? { lastActive: new Date() } : {}),
        ...(state === "password" ? { passwordHash: "scrypt$x$y" } : {}),
      },
    });
  };
  const mailsTo = (address: string) => app.outbox.sent.filter((m) => m.to === address);
  const update = (token: string, u: { id: number; firstname: string; lastname: string; version: number }, email: string) =>
    app.rest("PUT", "/v1/user", token, { id: u.id, firstname: u.firstname, lastname: u.lastname, email, version: u.version });

  for (const state of ["signedIn", "password"] as const)
    it(`[R-UM011][R-VA012] a user manager cannot give an account in use (${state}) another address: 403 under the field, nothing changes`, async () => {
      const u = await person(state);
      const res = await update(t["role:user_manage"], u, "uebernahme@test.example");
      expect(res.status).toBe(403);
      expect(res.body.error.fields.email).toBe(
        "Die E-Mail-Adresse eines Benutzers, der sein Konto bereits nutzt, kann nur die Person selbst oder ein Administrator ändern",
      );
      expect((await app.db.prisma.user.findUniqueOrThrow({ where: { id: u.id } })).email).toBe(u.email);
      const viaGql = await gql(
        "mutation($id: ID!, $input: UpdateUserInput!) { updateUser(id: $id, input: $input) { email } }",
        { id: gid("User", u.id), input: { firstname: u.firstname, lastname: u.lastname, email: "uebernahme@test.example", version: u.version } },
        t["role:user_manage"],
      );
      expect(viaGql.errors?.[0].extensions.code).toBe("FORBIDDEN");
      expect(mailsTo(u.email)).toEqual([]);
    });

  it("[R-UM011][R-UM012] the user table learns from the server what the viewer may change: the e-mail field's reason, clubs not for the own row", async () => {
    const inUse = await person("signedIn");
    const pending = await person("pending");
    const q = "query($id: ID!) { node(id: $id) { ... on User { viewerCanAssignClubs emailChangeRefusal } } }";
    const ask = async (who: string, id: number) => (await gql(q, { id: gid("User", id) }, t[who])).data.node;
    expect(await ask("role:user_manage", inUse.id)).toEqual({
      viewerCanAssignClubs: true,
      emailChangeRefusal: "Die E-Mail-Adresse eines Benutzers, der sein Konto bereits nutzt, kann nur die Person selbst oder ein Administrator ändern",
    });
    expect(await ask("role:user_manage", pending.id)).toEqual({ viewerCanAssignClubs: true, emailChangeRefusal: null });
    expect(await ask("admin", inUse.id)).toEqual({ viewerCanAssignClubs: true, emailChangeRefusal: null });
    expect(await ask("role:user_manage", world.userIds["role:user_manage"])).toEqual({ viewerCanAssignClubs: false, emailChangeRefusal: null });
  });

  it("[R-UM011][R-UM010] a user manager corrects the address of a pending invitation; the old address is told, the invitation goes to the new one", async () => {
    const u = await person("pending");
    const res = await update(t["role:user_manage"], u, `neu-${u.email}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const told = mailsTo(u.email);
    expect(told).toHaveLength(1);
    expect(told[0].subject).toBe("Ihre E-Mail-Adresse im Anmeldesystem wurde geändert");
    expect(told[0].text).toContain(`neu-${u.email}`);
    expect(told[0].text).toContain("von der Benutzerverwaltung");
  });

  it("[R-UM011] an administrator changes the address of an account in use; the old address is told", async () => {
    const u = await person("signedIn");
    const res = await update(t.admin, u, `admin-${u.email}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(mailsTo(u.email).map((m) => m.subject)).toEqual(["Ihre E-Mail-Adresse im Anmeldesystem wurde geändert"]);
  });

  it("[R-PR003][R-PR014] a person changes their own address; the old address is told, an unchanged address sends nothing", async () => {
    const u = await person("signedIn");
    const token = await app.token(u.subject as string);
    const profile = { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt", country: "Deutschland" };
    const same = await app.rest("PUT", "/v1/user", token, {
      id: 0,
      firstname: u.firstname,
      lastname: u.lastname,
      email: u.email,
      version: u.version,
      ...profile,
      address: { ...profile },
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(mailsTo(u.email)).toEqual([]);
    const moved = await app.rest("PUT", "/v1/user", token, {
      id: 0,
      firstname: u.firstname,
      lastname: u.lastname,
      email: `selbst-${u.email}`,
      version: same.body.version ?? u.version + 1,
      ...profile,
      address: { ...profile },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const told = mailsTo(u.email);
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain("von Ihnen");
  });
});

describe("Meine Daten after access ends", () => {
  it("[R-PR014][R-API062] a member removed from the club no longer exports that club's registrations or their health data", async () => {
    const camp = await campEventWithLocations(app.db.prisma, world.district1, "Freizeit Export", true);
    await app.db.prisma.eventLocation.update({ where: { id: camp.locations[0].id }, data: { dexamTypes: ["D1"] } });
    const member = await app.db.prisma.user.create({
      data: {
        email: "ehemalig@test.example",
        firstname: "Eva",
        lastname: "Ehemalig",
        districtAssociationId: world.district1,
        subject: "sub-ehemalig",
        phone: "+49711",
        street: "Weg 1",
        postcode: "70173",
        city: "Stadt",
        associations: { create: [{ associationId: world.club1 }] },
      },
    });
    const token = await app.token("sub-ehemalig");
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    const created = await app.rest("POST", "/v1/registration/dexam", token, {
      event_id: camp.id,
      firstname: "Kind",
      lastname: "Camp",
      birthdate: "2013-04-05",
      gender: "f",
      association_id: world.club1,
      instrument: "Clarinet",
      type: "D1",
      theory_location_id: camp.locations[0].id,
      gdpr_accepted: true,
      cancellation_accepted: true,
      health_consent_accepted: true,
      camp_extension: { meal_request: "vegan", allergies: "Erdnüsse", vaccinations: [], emergency_contact: [{ name: "Papa", phone: "0711123456" }] },
      file_upload: `data:application/pdf;base64,${pdf.toString("base64")}`,
      file_upload_name: "einverstaendnis.pdf",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const exported = async () => (await app.rest("GET", "/v1/user/0/export", token)).body;
    const before = await exported();
    expect(before.dexamRegistrations.map((r: any) => r.id)).toEqual([id]);
    expect(before.dexamRegistrations[0].campData).toMatchObject({ allergies: "Erdnüsse" });

    const removed = await app.rest("PUT", `/v1/user/${member.id}/associations`, t["role:user_manage"], { association_ids: [] });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await app.rest("GET", `/v1/registration/dexam/${id}`, token)).status).toBe(404);
    const after = await exported();
    expect(after.dexamRegistrations).toEqual([]);
    expect(JSON.stringify(after)).not.toContain("Erdnüsse");
    // the account itself is still theirs to export
    expect(after.account).toMatchObject({ email: "ehemalig@test.example" });
  });
});
