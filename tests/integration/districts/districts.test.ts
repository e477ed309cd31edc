// District associations through /v1 and GraphQL: the signature image, required fields, deletion
// with everything in them, what admin sees, no lost updates. Permissions per role are in
// auth/authorization.test.ts; this file proves the rules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid } from "../../support/fixtures.ts";
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
