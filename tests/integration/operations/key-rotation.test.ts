// Rotating the data key (README "Operations", "Rotating the data key"): every ciphertext names its
// key; with the new key as DATA_ENCRYPTION_KEY and the old one in DATA_ENCRYPTION_OLD_KEYS,
// `npm run keys:rotate` (server/src/cli/keysRotate.ts) seals camp data, remarks, stored files and
// server secrets again under the new key; afterwards the old key is removed and everything still
// reads. A value under a key the server does not know stops with one line naming that key.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keysRotate } from "../../../server/src/cli/keysRotate.ts";
import { decrypt, encrypt, keyIdOf, keyring, sealedKeyId } from "../../../server/src/crypto/aead.ts";
import { checkDataKey } from "../../../server/src/crypto/keyCheck.ts";
import { sealedCensus } from "../../../server/src/crypto/rotate.ts";
import { fillPracticeSheet, unzip, upload } from "../../fixtures/workbooks.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { competitionEventWithHall, competitionWireBody, dexamWireBody, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

const A = crypto.randomBytes(32);
const B = crypto.randomBytes(32);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const CAMP = { meal_request: "vegetarian", allergies: "Nüsse", vaccinations: [], emergency_contact: [{ name: "Mama", phone: "0711123456" }] };

let app: TestApp;
let world: World;
let dexamId: number;
let legacyId: number;
let competitionId: number;

/** A ciphertext as written before key ids (version 1 | IV | tag | ciphertext). */
function sealedV1(key: Buffer, text: string): Uint8Array<ArrayBuffer> {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([c.update(text, "utf8"), c.final()]);
  return new Uint8Array(Buffer.concat([Buffer.from([1]), iv, c.getAuthTag(), body]));
}

beforeAll(async () => {
  app = await startTestApp({ dataKey: A });
  await checkDataKey(app.db.prisma, A); // the check value, as start-up writes it
  world = await createWorld(app.db.prisma);
  await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" } });
  const e = await app.db.prisma.event.create({
    data: {
      ...openEventFields(world.district1),
      name: "Freizeit Schlüssel",
      formType: "DEXAM_CAMP",
      cancellationConditions: "Storno kostet",
      locations: { create: [{ name: "T", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1"] }] },
    },
    include: { locations: true },
  });
  const member = await app.token(world.subjects.member);
  const camp = (lastname: string) => ({
    ...dexamWireBody({ event: e.id, theory: e.locations[0].id, practice: 0 }, world.club1, { type: "D1", practice_location_id: null, lastname }),
    cancellation_accepted: true,
    remarks: "Rollstuhl",
    health_consent_accepted: true,
    camp_extension: CAMP,
    file_upload: `data:application/pdf;base64,${PDF.toString("base64")}`,
    file_upload_name: "einverstaendnis.pdf",
  });
  const d = await app.rest("POST", "/v1/registration/dexam", member, camp("Rotiert"));
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  dexamId = d.body.id;
  const legacy = await app.rest("POST", "/v1/registration/dexam", member, camp("Uralt"));
  legacyId = legacy.body.id;
  // camp data sealed before ciphertexts named their key
  await app.db.prisma.dexamRegistration.update({
    where: { id: legacyId },
    data: { campDataEncrypted: sealedV1(A, JSON.stringify({ allergies: "Pollen", mealRequest: "VEGAN", vaccinations: [], emergencyContacts: [] })) },
  });
  const competition = await competitionEventWithHall(app.db.prisma, world.district1, { cancellationConditions: "Storno kostet" });
  const c = await app.rest("POST", "/v1/registration/competition", member, competitionWireBody(competition, world.club1, { remarks: "Zwei Rollstuhlplätze" }));
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  competitionId = c.body.id;
  // a club's SEPA mandate and a direct debit file, sealed
  await app.db.prisma.sepaMandate.create({
    data: {
      associationId: world.club1,
      reference: "M-1",
      signedOn: new Date("2026-01-01"),
      accountEncrypted: new Uint8Array(encrypt(A, '{"iban":"DE89370400440532013000"}')),
      ibanLast4: "3000",
    },
  });
  await app.db.prisma.sepaDebit.create({
    data: {
      districtAssociationId: world.district1,
      messageId: "SDD-K",
      collectionDate: new Date("2026-12-01"),
      count: 0,
      totalCents: 0,
      xmlEncrypted: new Uint8Array(encrypt(A, "<Document/>")),
      createdBy: "t",
    },
  });
});
afterAll(() => app.stop());

/** What a member reads of the three registrations through /v1 on a server with `dataKey`. */
async function readAll(server: TestApp) {
  const member = await server.token(world.subjects.member);
  const d = (await server.rest("GET", `/v1/registration/dexam/${dexamId}`, member)).body;
  const legacy = (await server.rest("GET", `/v1/registration/dexam/${legacyId}`, member)).body;
  const c = (await server.rest("GET", `/v1/registration/competition/${competitionId}`, member)).body;
  const file = await server.rest("GET", `/v1/export/registration/dexam/${dexamId}/consent_form`, member);
  return {
    remarks: [d.remarks, legacy.remarks, c.remarks],
    camp: [d.camp_extension?.allergies, d.camp_extension?.meal_request, legacy.camp_extension?.allergies, legacy.camp_extension?.meal_request],
    consentForm: file.status === 200 && Buffer.from(file.raw).equals(PDF),
  };
}
const EXPECTED = {
  remarks: ["Rollstuhl", "Rollstuhl", "Zwei Rollstuhlplätze"],
  camp: ["Nüsse", "vegetarian", "Pollen", "vegan"],
  consentForm: true,
};

describe("rotating the data key", () => {
  it("keys:rotate seals every ciphertext under the new key; with the old key removed everything still reads", async () => {
    const before = await sealedCensus(app.db.prisma);
    expect(before.get(keyIdOf(A))).toBeGreaterThanOrEqual(8); // camp data, remarks, files, secrets (signing key, cookie key, check value)
    expect(before.get("ohne Kennung")).toBe(1);
    expect([...before.keys()].sort()).toEqual([keyIdOf(A), "ohne Kennung"].sort());
    const total = [...before.values()].reduce((a, b) => a + b, 0);
    expect(await readAll(app)).toEqual(EXPECTED);

    const ring = keyring(B, [A]);
    const lines: string[] = [];
    // --check reports what is left under other keys, and fails while there is any
    expect(await keysRotate(["--check"], (l) => lines.push(l), { DATABASE_URL: "pglite:memory" }, app.db, ring)).toBe(1);
    expect(await keysRotate(["--batch", "2"], (l) => lines.push(l), { DATABASE_URL: "pglite:memory" }, app.db, ring)).toBe(0);
    expect(lines.at(-1)).toBe(
      "Alle Werte sind mit dem neuen Schlüssel verschlüsselt: DATA_ENCRYPTION_OLD_KEYS kann entfernt werden (Sicherungen mit altem Schlüssel brauchen ihn weiter).",
    );
    expect(lines.join("\n")).toContain(`${total} Werte neu verschlüsselt; jetzt: ${total} mit Schlüssel ${keyIdOf(B)} (aktuell)`);
    expect(await sealedCensus(app.db.prisma)).toEqual(new Map([[keyIdOf(B), total]]));
    expect(await keysRotate(["--check"], (l) => lines.push(l), { DATABASE_URL: "pglite:memory" }, app.db, B)).toBe(0);

    // the stored file's hash follows its new bytes; the row versions stay
    const row = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: dexamId }, include: { consentFormFile: true } });
    expect(row.version).toBe(1);
    expect(row.consentFormFile!.sha256).toBe(crypto.createHash("sha256").update(row.consentFormFile!.data).digest("hex"));
    expect(sealedKeyId(row.consentFormFile!.data)).toBe(keyIdOf(B));
    // the mandate's account and the direct debit file too
    const mandate = await app.db.prisma.sepaMandate.findUniqueOrThrow({ where: { associationId: world.club1 } });
    expect(decrypt(B, mandate.accountEncrypted).toString("utf8")).toContain("DE89370400440532013000");
    const debit = await app.db.prisma.sepaDebit.findUniqueOrThrow({ where: { messageId: "SDD-K" } });
    expect(decrypt(B, debit.xmlEncrypted).toString("utf8")).toBe("<Document/>");

    // the old key removed: a server with the new key alone starts (check value, signing keys) and reads everything
    await expect(checkDataKey(app.db.prisma, B)).resolves.toBeUndefined();
    const fresh = await startTestApp({ db: app.db, dataKey: B });
    try {
      expect(await readAll(fresh)).toEqual(EXPECTED);
    } finally {
      await fresh.stop();
    }
  });

  it("a practice sheet printed under the old key uploads while the old key is in DATA_ENCRYPTION_OLD_KEYS, not after it is removed", async () => {
    const prisma = app.db.prisma;
    const e = await prisma.event.create({
      data: {
        ...openEventFields(world.district1),
        name: "Prüfung Schlüsselwechsel",
        formType: "DEXAM",
        locations: { create: [{ name: "Praxis", type: "DEXAM_PRACTICE", street: "S", city: "C", dexamTypes: ["D2"], instruments: ["CLARINET"] }] },
      },
      include: { locations: true },
    });
    const practice = e.locations[0].id;
    await prisma.dexamRegistration.create({
      data: {
        eventId: e.id,
        associationId: world.club1,
        firstname: "Pia",
        lastname: "Bogen",
        birthdate: new Date("2011-03-04"),
        gender: "F",
        instrument: "CLARINET",
        type: "D2",
        practiceLocationId: practice,
      },
    });
    // printed by a server that seals with the old key (the database is already rotated: it reads the new one too)
    const printer = await startTestApp({ db: app.db, dataKey: keyring(A, [B]) });
    let sheet: { name: string; data: Uint8Array };
    try {
      const blank = await printer.rest(
        "GET",
        `/v1/export/location/${practice}/dexam/blank_practice_sheets`,
        await printer.token(world.subjects["role:results_manage"]),
      );
      expect(blank.status).toBe(200);
      const [name, data] = Object.entries(unzip(blank.raw)).find(([n]) => n.startsWith("Praxisbogen_"))!;
      sheet = { name, data: await fillPracticeSheet(data, 61) };
    } finally {
      await printer.stop();
    }
    const uploadWith = async (dataKey: typeof B | ReturnType<typeof keyring>) => {
      const server = await startTestApp({ db: app.db, dataKey });
      try {
        return await upload(
          server,
          `/v1/registration/dexam/location/${practice}/practice_sheets`,
          await server.token(world.subjects["role:results_manage"]),
          "files",
          [sheet],
        );
      } finally {
        await server.stop();
      }
    };
    const during = await uploadWith(keyring(B, [A]));
    expect(during.status, JSON.stringify(during.body)).toBe(200);
    expect(during.body.uploaded).toBe(1);
    const after = await uploadWith(B);
    expect(JSON.stringify(after.body)).toContain("Die Datei ist kein Praxisbogen dieses Anmeldesystems");
  });

  it("a value sealed with a key the server does not know stops with one line naming that key", async () => {
    // after the rotation, the old key alone knows nothing of the database
    await expect(checkDataKey(app.db.prisma, A)).rejects.toThrow(
      `DATA_ENCRYPTION_KEY: a value is sealed with key ${keyIdOf(B)}, which is neither DATA_ENCRYPTION_KEY (key ${keyIdOf(A)}) nor in DATA_ENCRYPTION_OLD_KEYS`,
    );
    const row = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: dexamId } });
    expect(() => decrypt(A, row.remarksEncrypted!)).toThrow(`a value is sealed with key ${keyIdOf(B)}`);
    const lines: string[] = [];
    expect(await keysRotate([], (l) => lines.push(l), { DATABASE_URL: "pglite:memory" }, app.db, A)).toBe(1);
    expect(lines).toEqual([
      `keys:rotate: DATA_ENCRYPTION_KEY: a value is sealed with key ${keyIdOf(B)}, which is neither DATA_ENCRYPTION_KEY (key ${keyIdOf(A)}) nor in DATA_ENCRYPTION_OLD_KEYS (Schlüssel ${keyIdOf(B)} unbekannt: den alten Schlüssel in DATA_ENCRYPTION_OLD_KEYS eintragen)`,
    ]);
  });
});
