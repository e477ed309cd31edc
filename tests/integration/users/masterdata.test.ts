// Master data and people through /v1 and GraphQL: district associations, clubs, users and the
// own account. Permissions per role are in auth/authorization.test.ts; this file proves the rules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../../server/src/idp/passwords.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { eventually, gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
const pngUrl = `data:image/png;base64,${PNG.toString("base64")}`;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
});
afterAll(() => app.stop());

const fieldsOf = (body: any) => body?.error?.fields ?? {};
const STALE = /inzwischen von jemand anderem geändert/;

describe("district associations", () => {
  it("[R-API018][R-DA004] admin creates one with a PNG signature image stored and returned as data URL", async () => {
    const res = await app.rest("POST", "/v1/districtassociation", t.admin, {
      name: "KV Drei",
      iam_ref: "org-3",
      gdpr_link: "https://kv3.example/datenschutz",
      impress_link: "https://kv3.example/impressum",
      file_upload: pngUrl,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "KV Drei", iam_ref: "org-3", file_upload: pngUrl });
    const file = await app.db.prisma.storedFile.findFirstOrThrow({ where: { districtSignature: { id: res.body.id } } });
    expect(file).toMatchObject({ mimeType: "image/png", size: PNG.length, encrypted: true });
    // stored encrypted like every file (docs/decisions.md "Encryption at rest"); the answer above is the original
    expect(Buffer.from(file.data).includes(PNG.subarray(0, 8))).toBe(false);
  });

  it("[R-VA017] name, IamRef, privacy URL and imprint URL are required; nothing is written", async () => {
    const before = await app.db.prisma.districtAssociation.count();
    const res = await app.rest("POST", "/v1/districtassociation", t.admin, { name: " ", iam_ref: "", gdpr_link: "", impress_link: "" });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual({
      name: "Dieses Feld ist ein Pflichtfeld",
      iam_ref: "Dieses Feld ist ein Pflichtfeld",
      gdpr_link: "Dieses Feld ist ein Pflichtfeld",
      impress_link: "Dieses Feld ist ein Pflichtfeld",
    });
    expect(await app.db.prisma.districtAssociation.count()).toBe(before);
  });

  it("[R-DA004][R-VA005] the signature image must be a .jpeg/.jpg/.png of at most 5 MB", async () => {
    const base = { name: "KV", iam_ref: "x", gdpr_link: "https://e.test/a", impress_link: "https://e.test/b" };
    const pdf = await app.rest("POST", "/v1/districtassociation", t.admin, { ...base, file_upload: "data:application/pdf;base64,JVBERi0=" });
    expect(fieldsOf(pdf.body).file_upload).toBe("Bitte ein Bild im Format .jpeg, .jpg oder .png hochladen");
    const big = Buffer.concat([PNG, Buffer.alloc(5_242_880 - PNG.length + 1)]);
    const tooBig = await app.rest("POST", "/v1/districtassociation", t.admin, { ...base, file_upload: `data:image/png;base64,${big.toString("base64")}` });
    expect(tooBig.status).toBe(400);
    expect(fieldsOf(tooBig.body).file_upload).toBe("Die Datei ist zu groß. Maximal 5 MB erlaubt");
    const exact = Buffer.concat([PNG, Buffer.alloc(5_242_880 - PNG.length)]);
    const atLimit = await app.rest("POST", "/v1/districtassociation", t.admin, {
      ...base,
      name: "KV Grenze",
      file_upload: `data:image/png;base64,${exact.toString("base64")}`,
    });
    expect(atLimit.status).toBe(201);
    await app.rest("DELETE", `/v1/districtassociation/${atLimit.body.id}`, t.admin);
  });

  it("[R-API019] admin changes a district association and removes its image with an empty file_upload", async () => {
    const created = await app.rest("POST", "/v1/districtassociation", t.admin, {
      name: "KV Vier",
      iam_ref: "4",
      gdpr_link: "https://e.test/a",
      impress_link: "https://e.test/b",
      file_upload: pngUrl,
    });
    const upd = await app.rest("PUT", "/v1/districtassociation", t.admin, {
      id: created.body.id,
      name: "KV Vier neu",
      iam_ref: "4",
      gdpr_link: "https://e.test/a",
      impress_link: "https://e.test/b",
      file_upload: "",
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ name: "KV Vier neu", file_upload: null });
    expect(await app.db.prisma.storedFile.count({ where: { districtSignature: { id: created.body.id } } })).toBe(0);
  });

  it("[R-API017][R-DA009] deleting a district association over /v1 removes its clubs, users and events; the admin's own cannot be deleted", async () => {
    const d = await app.rest("POST", "/v1/districtassociation", t.admin, {
      name: "KV Weg",
      iam_ref: "w",
      gdpr_link: "https://e.test/a",
      impress_link: "https://e.test/b",
      file_upload: pngUrl,
    });
    const club = await app.db.prisma.association.create({ data: { name: "MV Weg", districtAssociationId: d.body.id } });
    await app.db.prisma.user.create({
      data: {
        email: "weg@test.example",
        firstname: "W",
        lastname: "W",
        districtAssociationId: d.body.id,
        associations: { create: [{ associationId: club.id }] },
      },
    });
    expect((await app.rest("DELETE", `/v1/districtassociation/${d.body.id}`, t.admin)).status).toBe(204);
    expect(await app.db.prisma.association.count({ where: { districtAssociationId: d.body.id } })).toBe(0);
    expect(await app.db.prisma.user.count({ where: { email: "weg@test.example" } })).toBe(0);
    expect(await app.db.prisma.storedFile.count({ where: { mimeType: "image/png" } })).toBe(1); // only KV Drei's image is left
    const own = await app.rest("DELETE", `/v1/districtassociation/${world.district1}`, t.admin);
    expect(own.status).toBe(409);
  });

  it("[R-DA011] GraphQL: admin sees IamRef and the signature image, others null", async () => {
    const q = "{ districtAssociations { name iamRef signatureImage } }";
    const admin = (await app.gql(q, {}, t.admin)).body.data.districtAssociations.find((d: any) => d.name === "KV Drei");
    expect(admin).toEqual({ name: "KV Drei", iamRef: "org-3", signatureImage: pngUrl });
    const member = (await app.gql(q, {}, t.member)).body.data.districtAssociations.find((d: any) => d.name === "KV Drei");
    expect(member).toEqual({ name: "KV Drei", iamRef: null, signatureImage: null });
  });

  it("[R-API019][R-DA006] no lost updates: the second of two saves based on the same version is refused and changes nothing", async () => {
    const base = { name: "KV Parallel", iam_ref: "par", gdpr_link: "https://e.test/a", impress_link: "https://e.test/b" };
    const created = await app.rest("POST", "/v1/districtassociation", t.admin, base);
    expect(created.body.version).toBe(1);
    const first = await app.rest("PUT", "/v1/districtassociation", t.admin, { ...created.body, name: "KV Parallel A" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ name: "KV Parallel A", version: 2 });
    const second = await app.rest("PUT", "/v1/districtassociation", t.admin, { ...created.body, name: "KV Parallel B", file_upload: pngUrl });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(STALE);
    expect(await app.db.prisma.districtAssociation.findUniqueOrThrow({ where: { id: created.body.id } })).toMatchObject({
      name: "KV Parallel A",
      signatureFileId: null,
      version: 2,
    });
    expect(await app.db.prisma.storedFile.count({ where: { districtSignature: { id: created.body.id } } })).toBe(0);

    const input = (name: string, version?: number) => ({ name, iamRef: "par", gdprLink: "https://e.test/a", impressLink: "https://e.test/b", version });
    const mutation = "mutation($id: ID!, $input: UpdateDistrictAssociationInput!) { updateDistrictAssociation(id: $id, input: $input) { name version } }";
    const stale = await app.gql(mutation, { id: gid("DistrictAssociation", created.body.id), input: input("KV GraphQL alt", 1) }, t.admin);
    expect(stale.body.errors?.[0].extensions?.code).toBe("CONFLICT");
    expect(stale.body.errors?.[0].message).toMatch(STALE);
    const current = await app.gql(mutation, { id: gid("DistrictAssociation", created.body.id), input: input("KV GraphQL neu", 2) }, t.admin);
    expect(current.body.data.updateDistrictAssociation).toEqual({ name: "KV GraphQL neu", version: 3 });

    // without a version (a spec /v1 client) the save goes through: last write wins
    const unversioned = await app.rest("PUT", "/v1/districtassociation", t.admin, { ...base, id: created.body.id, name: "KV ohne Version" });
    expect(unversioned.status).toBe(200);
    expect(unversioned.body).toMatchObject({ name: "KV ohne Version", version: 4 });
    await app.rest("DELETE", `/v1/districtassociation/${created.body.id}`, t.admin);
  });
});

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
    // refused (issue 36, item 7), not answered with the own district's clubs
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

describe("users", () => {
  let invited: number;

  it("[R-API064][R-UM010] user_manage creates a user in the own district; an invitation link is sent", async () => {
    const res = await app.rest("POST", "/v1/user", t["role:user_manage"], {
      district_association_id: world.district1,
      firstname: "Ina",
      lastname: "Neu",
      email: "ina@test.example",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ firstname: "Ina", last_active: null, blocked: false, roles: [], district_association_id: world.district1 });
    invited = res.body.id;
    const mail = app.outbox.sent.at(-1);
    expect(mail?.to).toBe("ina@test.example");
    expect(mail?.text).toMatch(/\/oidc\/invite\/[\w-]+/);
  });

  it("[R-UM010] the invitation link sets the password once", async () => {
    const code = /\/oidc\/invite\/([\w-]+)/.exec(app.outbox.sent.at(-1)?.text ?? "")?.[1] as string;
    const page = await app.fastify.inject({ method: "GET", url: `/oidc/invite/${code}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Passwort festlegen");
    const short = await app.fastify.inject({
      method: "POST",
      url: `/oidc/invite/${code}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "password=kurz&repeat=kurz",
    });
    expect(short.body).toContain("mindestens 8 Zeichen");
    const ok = await app.fastify.inject({
      method: "POST",
      url: `/oidc/invite/${code}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "password=geheim123&repeat=geheim123",
    });
    expect(ok.statusCode).toBe(200);
    const u = await app.db.prisma.user.findUniqueOrThrow({ where: { id: invited } });
    expect(await verifyPassword("geheim123", u.passwordHash)).toBe(true);
    expect((await app.fastify.inject({ method: "GET", url: `/oidc/invite/${code}` })).statusCode).toBe(404);
  });

  it("[R-VA010] first name, last name and a valid, unused e-mail are required", async () => {
    const res = await app.rest("POST", "/v1/user", t["role:user_manage"], {
      district_association_id: world.district1,
      firstname: "",
      lastname: "",
      email: "kaputt",
    });
    expect(fieldsOf(res.body)).toEqual({
      firstname: "Dieses Feld ist ein Pflichtfeld",
      lastname: "Dieses Feld ist ein Pflichtfeld",
      email: "Bitte eine gültige E-Mail Adresse eingeben",
    });
    const dup = await app.rest("POST", "/v1/user", t["role:user_manage"], {
      district_association_id: world.district1,
      firstname: "A",
      lastname: "B",
      email: "INA@test.example",
    });
    expect(fieldsOf(dup.body)).toEqual({ email: "Diese E-Mail-Adresse wird bereits verwendet" });
  });

  it("[R-VA012][R-VA013][R-API065] in admin mode phone and address are optional; a filled phone is checked", async () => {
    const base = { id: invited, firstname: "Ina", lastname: "Neu", email: "ina@test.example" };
    const ok = await app.rest("PUT", "/v1/user", t["role:user_manage"], base);
    expect(ok.status).toBe(200);
    const bad = await app.rest("PUT", "/v1/user", t["role:user_manage"], { ...base, phone: "0711 123" });
    expect(fieldsOf(bad.body)).toEqual({ phone: "Bitte eine gültige Telefonnummer inkl. internationaler Vorwahl eingeben (z.B. +49123456)" });
  });

  it("[R-RP018] roles are given only by admin", async () => {
    const staff = await app.rest("PUT", "/v1/user", t["role:user_manage"], {
      id: invited,
      firstname: "Ina",
      lastname: "Neu",
      email: "ina@test.example",
      roles: ["event_manage"],
    });
    expect(staff.status).toBe(403);
    const admin = await app.rest("PUT", "/v1/user", t.admin, {
      id: invited,
      firstname: "Ina",
      lastname: "Neu",
      email: "ina@test.example",
      roles: ["event_manage", "result_read"],
    });
    expect(admin.body.roles).toEqual(["event_manage", "results_read"]);
  });

  it("[R-API066][R-UM006][R-UM007] lists the district's users with club filter and search", async () => {
    const byClub = await app.rest("GET", `/v1/users?associationId=${world.club1}`, t["role:user_read"]);
    expect(byClub.body.map((u: any) => u.email).sort()).toEqual(["member@test.example", "target@test.example"]);
    const search = await app.rest("GET", "/v1/users?search=ina", t["role:user_read"]);
    expect(search.body.map((u: any) => u.email)).toEqual(["ina@test.example"]);
    const gql = await app.gql("{ users(first: 2) { totalCount edges { node { lastname } } pageInfo { hasNextPage } } }", {}, t["role:user_read"]);
    expect(gql.body.data.users.edges).toHaveLength(2);
    expect(gql.body.data.users.pageInfo.hasNextPage).toBe(true);
    expect(gql.body.data.users.totalCount).toBe(await app.db.prisma.user.count({ where: { districtAssociationId: world.district1 } }));
  });

  it("[R-API058][R-UM013] assigns clubs of the user's district only; the body may be a list or { association_ids }", async () => {
    const ok = await app.rest("PUT", `/v1/user/${invited}/associations`, t["role:user_manage"], { association_ids: [world.club1] });
    expect(ok.body.associations.map((a: any) => a.id)).toEqual([world.club1]);
    const list = await app.rest("PUT", `/v1/user/${invited}/associations`, t["role:user_manage"], [{ id: world.club1 }]);
    expect(list.status).toBe(200);
    const foreign = await app.rest("PUT", `/v1/user/${invited}/associations`, t["role:user_manage"], [world.club2]);
    expect(foreign.status).toBe(400);
    expect((await app.db.prisma.userAssociation.findMany({ where: { userId: invited } })).map((a) => a.associationId)).toEqual([world.club1]);
  });

  it("[R-API059][R-API060][R-UM021][R-UM017] block refuses the user's API calls; unblock only for blocked users; nobody blocks themselves", async () => {
    await app.db.prisma.user.update({ where: { id: invited }, data: { subject: "sub-ina" } });
    const token = await app.token("sub-ina");
    expect((await app.rest("GET", "/v1/user/0", token)).status).toBe(200);
    expect((await app.rest("PUT", `/v1/user/${invited}/deactivate`, t["role:user_manage"])).body.blocked).toBe(true);
    expect((await app.rest("GET", "/v1/user/0", token)).status).toBe(403);
    expect((await app.rest("PUT", `/v1/user/${invited}/deactivate`, t["role:user_manage"])).status).toBe(409);
    expect((await app.rest("PUT", `/v1/user/${invited}/reactivate`, t["role:user_manage"])).body.blocked).toBe(false);
    expect((await app.rest("PUT", `/v1/user/${invited}/reactivate`, t["role:user_manage"])).status).toBe(409);
    expect((await app.rest("GET", "/v1/user/0", token)).status).toBe(200);
    expect((await app.rest("PUT", `/v1/user/${world.userIds["role:user_manage"]}/deactivate`, t["role:user_manage"])).status).toBe(409);
  });

  it("[R-API061][R-UM014] the invitation is resent only while the user has never been active", async () => {
    const fresh = await app.db.prisma.user.create({
      data: { email: "neu2@test.example", firstname: "N", lastname: "Z", districtAssociationId: world.district1 },
    });
    const before = app.outbox.sent.length;
    expect((await app.rest("PUT", `/v1/user/${fresh.id}/invite_code/resend`, t["role:user_manage"])).status).toBe(200);
    expect(app.outbox.sent.length).toBe(before + 1);
    await app.db.prisma.user.update({ where: { id: fresh.id }, data: { lastActive: new Date() } });
    const again = await app.rest("PUT", `/v1/user/${fresh.id}/invite_code/resend`, t["role:user_manage"]);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("Der Benutzer hat sich bereits angemeldet");
  });

  it("[R-RP021] staff without admin cannot change an admin", async () => {
    const res = await app.rest("PUT", `/v1/user/${world.userIds.admin}/deactivate`, t["role:user_manage"]);
    expect(res.status).toBe(403);
  });

  it("[R-API062] GET /v1/user/{id}: staff of another district get not found", async () => {
    expect((await app.rest("GET", `/v1/user/${invited}`, t["role:user_read"])).status).toBe(200);
    expect((await app.rest("GET", `/v1/user/${invited}`, t.staff2)).status).toBe(404);
  });

  it("[R-API065][R-UM011] no lost updates: the second of two user saves based on the same version is refused and changes nothing", async () => {
    const u = await app.db.prisma.user.create({
      data: { email: "parallel@test.example", firstname: "Paula", lastname: "Parallel", districtAssociationId: world.district1 },
    });
    const loaded = (await app.rest("GET", `/v1/user/${u.id}`, t["role:user_manage"])).body;
    expect(loaded.version).toBe(1);
    const first = await app.rest("PUT", "/v1/user", t["role:user_manage"], { ...loaded, phone: "+49711111" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ phone: "+49711111", version: 2 });
    const second = await app.rest("PUT", "/v1/user", t.admin, { ...loaded, lastname: "Zweite" });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(STALE);
    expect(await app.db.prisma.user.findUniqueOrThrow({ where: { id: u.id } })).toMatchObject({ lastname: "Parallel", phone: "+49711111", version: 2 });

    const input = (lastname: string, version?: number) => ({ firstname: "Paula", lastname, email: "parallel@test.example", version });
    const mutation = "mutation($id: ID!, $input: UpdateUserInput!) { updateUser(id: $id, input: $input) { lastname version } }";
    const stale = await app.gql(mutation, { id: gid("User", u.id), input: input("GraphQL", 1) }, t["role:user_manage"]);
    expect(stale.body.errors?.[0].extensions?.code).toBe("CONFLICT");
    expect(stale.body.errors?.[0].message).toMatch(STALE);
    const current = await app.gql(mutation, { id: gid("User", u.id), input: input("GraphQL", 2) }, t["role:user_manage"]);
    expect(current.body.data.updateUser).toEqual({ lastname: "GraphQL", version: 3 });

    // without a version (a spec /v1 client) the save goes through: last write wins
    const { version: _v, ...unversioned } = loaded;
    const res = await app.rest("PUT", "/v1/user", t["role:user_manage"], { ...unversioned, lastname: "Ohne Version" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lastname: "Ohne Version", version: 4 });
  });
});

describe("own account", () => {
  it("[R-VA011][R-PR004] saving the own profile requires phone, street, postcode, city and country with their formats", async () => {
    const res = await app.rest("PUT", "/v1/user", t.member, {
      id: 0,
      firstname: "M",
      lastname: "M",
      email: "member@test.example",
      phone: "0171",
      address: { street: "", postcode: "abc", city: "", country: "" },
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual({
      phone: "Bitte eine gültige Telefonnummer inkl. internationaler Vorwahl eingeben (z.B. +49123456)",
      street: "Dieses Feld ist ein Pflichtfeld",
      postcode: "Bitte eine gültige Postleitzahl eingeben",
      city: "Dieses Feld ist ein Pflichtfeld",
      country: "Dieses Feld ist ein Pflichtfeld",
    });
  });

  it("[R-PR003][R-PR013] a complete profile is saved and the user is complete afterwards", async () => {
    const before = await app.gql("{ viewer { isComplete } }", {}, t.member);
    expect(before.body.data.viewer.isComplete).toBe(false);
    const input = {
      firstname: "Max",
      lastname: "Muster",
      email: "member@test.example",
      phone: "+49711000",
      street: "Weg 2",
      postcode: "70173",
      city: "Stadt",
      country: "DE",
      version: (await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.member } })).version,
    };
    const res = await app.gql("mutation($input: ProfileInput!) { updateViewer(input: $input) { isComplete firstname } }", { input }, t.member);
    expect(res.body.data.updateViewer).toEqual({ isComplete: true, firstname: "Max" });
  });

  it("[R-PR014] PUT /v1/user with another user's id is user management, refused for a member", async () => {
    const res = await app.rest("PUT", "/v1/user", t.member, { id: world.userIds.target, firstname: "X", lastname: "Y", email: "target@test.example" });
    expect(res.status).toBe(403);
  });

  it("[R-API065][R-PR003] no lost updates: the own profile saved on an older version than staff's edit is refused and changes nothing", async () => {
    const own = (await app.rest("GET", "/v1/user/0", t.member)).body;
    const v = own.version as number;
    const staff = await app.rest("PUT", "/v1/user", t["role:user_manage"], { ...own, id: world.userIds.member, phone: "+49711222" });
    expect(staff.status, JSON.stringify(staff.body)).toBe(200);
    expect(staff.body.version).toBe(v + 1);
    const mine = await app.rest("PUT", "/v1/user", t.member, { ...own, id: 0, address: { ...own.address, city: "Neustadt" } });
    expect(mine.status).toBe(409);
    expect(mine.body.error.message).toMatch(STALE);
    expect(await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.member } })).toMatchObject({
      phone: "+49711222",
      city: own.address.city,
      version: v + 1,
    });

    const input = (city: string, version?: number) => ({
      firstname: own.firstname,
      lastname: own.lastname,
      email: own.email,
      phone: "+49711222",
      street: own.address.street,
      postcode: own.address.postcode,
      city,
      country: own.address.country,
      version,
    });
    const mutation = "mutation($input: ProfileInput!) { updateViewer(input: $input) { city version } }";
    const stale = await app.gql(mutation, { input: input("GraphQL", v) }, t.member);
    expect(stale.body.errors?.[0].extensions?.code).toBe("CONFLICT");
    expect(stale.body.errors?.[0].message).toMatch(STALE);
    expect((await app.gql(mutation, { input: input("GraphQL", v + 1) }, t.member)).body.data.updateViewer).toEqual({ city: "GraphQL", version: v + 2 });

    // without a version (a spec /v1 client) the save goes through: last write wins
    const { version: _v, ...unversioned } = own;
    const res = await app.rest("PUT", "/v1/user", t.member, { ...unversioned, id: 0 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ address: { city: own.address.city }, version: v + 3 });
  });

  it("[R-PR010][R-PR012] deleting the own account keeps the club's registrations and ends the sign-in sessions", async () => {
    const me = await app.db.prisma.user.create({
      data: {
        subject: "sub-leaving",
        email: "leaving@test.example",
        firstname: "L",
        lastname: "L",
        districtAssociationId: world.district1,
        associations: { create: [{ associationId: world.club1 }] },
      },
    });
    const event = await app.db.prisma.event.findFirstOrThrow();
    const reg = await app.db.prisma.dexamRegistration.create({
      data: {
        eventId: event.id,
        userId: me.id,
        firstname: "K",
        lastname: "L",
        birthdate: new Date("2011-01-01"),
        gender: "F",
        associationId: world.club1,
        instrument: "FLUTE",
        type: "D1",
      },
    });
    await app.db.prisma.oidcPayload.create({ data: { id: "s1", type: "Session", payload: { accountId: "sub-leaving" } } });
    await app.db.prisma.oidcPayload.create({ data: { id: "s2", type: "Session", payload: { accountId: "someone-else" } } });
    const res = await app.rest("DELETE", "/v1/user/0", await app.token("sub-leaving"));
    expect(res.status).toBe(204);
    expect(await app.db.prisma.user.count({ where: { id: me.id } })).toBe(0);
    expect(await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: reg.id } })).toMatchObject({ userId: null, associationId: world.club1 });
    expect((await app.db.prisma.oidcPayload.findMany()).map((p) => p.id)).toEqual(["s2"]);
  });
});

describe("embedded provider pages", () => {
  it("[R-PR005][R-PR006] the password page changes the password with the current one", async () => {
    const { hashPassword } = await import("../../../server/src/idp/passwords.ts");
    await app.db.prisma.user.update({ where: { id: world.userIds.target }, data: { passwordHash: await hashPassword("altes-passwort") } });
    const form = (o: Record<string, string>) => ({
      method: "POST" as const,
      url: "/oidc/account",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(o).toString(),
    });
    expect((await app.fastify.inject({ method: "GET", url: "/oidc/account" })).body).toContain("Passwort ändern");
    const wrong = await app.fastify.inject(form({ email: "target@test.example", current: "falsch", password: "neues-passwort", repeat: "neues-passwort" }));
    expect(wrong.statusCode).toBe(401);
    const mismatch = await app.fastify.inject(form({ email: "target@test.example", current: "altes-passwort", password: "neues-passwort", repeat: "anderes" }));
    expect(mismatch.body).toContain("Die Passwörter stimmen nicht überein.");
    const ok = await app.fastify.inject(
      form({ email: "target@test.example", current: "altes-passwort", password: "neues-passwort", repeat: "neues-passwort" }),
    );
    expect(ok.statusCode).toBe(200);
    const u = await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.target } });
    expect(await verifyPassword("neues-passwort", u.passwordHash)).toBe(true);
  });

  it("[R-PR005] a forgotten password gets a one-time link; unknown addresses get the same answer", async () => {
    const before = app.outbox.sent.length;
    const post = (email: string) =>
      app.fastify.inject({
        method: "POST",
        url: "/oidc/forgot",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `email=${encodeURIComponent(email)}`,
      });
    const unknown = await post("niemand@test.example");
    const known = await post("TARGET@test.example");
    expect(unknown.body).toBe(known.body);
    // the link is written after the answer (its timing tells nothing)
    await eventually(
      () => app.outbox.sent.length,
      (n) => n === before + 1,
    );
    // LIKE's wildcards are characters of the address, not a way to reach somebody's account
    for (const pattern of ["%", "target@%", "TARGET_test.example"]) expect((await post(pattern)).body).toBe(known.body);
    await new Promise((r) => setTimeout(r, 300));
    expect(app.outbox.sent.length).toBe(before + 1);
    const code = /\/oidc\/invite\/([\w-]+)/.exec(app.outbox.sent.at(-1)?.text ?? "")?.[1] as string;
    const set = await app.fastify.inject({
      method: "POST",
      url: `/oidc/invite/${code}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "password=drittes-pw&repeat=drittes-pw",
    });
    expect(set.statusCode).toBe(200);
    const u = await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.target } });
    expect(await verifyPassword("drittes-pw", u.passwordHash)).toBe(true);
  });
});
