// Every field of DexamRegistration, asked alone through the overview's page, answers exactly what
// node(id) answers, for registrations with every column filled: the page plans its rows' columns
// and relations from the selection (Pothos' prisma plugin), and no selection may change an answer.
import crypto from "node:crypto";
import { type GraphQLObjectType, getNamedType, isLeafType, isObjectType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptJson } from "../../../server/src/crypto/aead.ts";
import { schema } from "../../../server/src/graphql/schema.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { campEventWithLocations, DAY, gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
let eventId: number;
let ids: number[];
const dataKey = crypto.randomBytes(32);

beforeAll(async () => {
  app = await startTestApp({ dataKey });
  world = await createWorld(app.db.prisma);
  const event = await campEventWithLocations(app.db.prisma, world.district1, "Freizeit mit allem", true);
  eventId = event.id;
  const [theory, practice, preparation] = event.locations;
  const file = (name: string) =>
    app.db.prisma.storedFile.create({
      data: { name, mimeType: "application/pdf", size: 3, sha256: crypto.createHash("sha256").update("pdf").digest("hex"), data: Buffer.from("pdf") },
    });
  const full = async (firstname: string, takenOverFromId: number | null) =>
    app.db.prisma.dexamRegistration.create({
      data: {
        eventId,
        userId: world.userIds.member,
        firstname,
        lastname: "Voll",
        birthdate: new Date("2011-03-04T00:00:00Z"),
        gender: "F",
        associationId: world.club1,
        instrument: "CLARINET",
        type: "D2",
        theoryLocationId: theory.id,
        practiceLocationId: practice.id,
        preparationLocationId: preparation.id,
        partialResultType: "THEORY",
        partialResultDistrict: "KV Nachbar",
        partialResultYear: 2024,
        partialResultLocation: "Nachbarstadt",
        partialResultPoints: 31.5,
        existingPartialResultVerified: true,
        songs: [
          { number: "1", name: "Eins" },
          { number: "2", name: "Zwei" },
          { number: "3", name: "Drei" },
          { number: "4", name: "Vier" },
        ],
        remarks: "Bringt eigene Noten",
        cancelledAt: new Date(Date.now() - DAY),
        gdprAccepted: true,
        cancellationAccepted: true,
        consentFormFileId: (await file(`${firstname}-einverstaendnis.pdf`)).id,
        practiceSheetFileId: (await file(`${firstname}-praxis.pdf`)).id,
        mealRequest: "VEGETARIAN",
        campDataEncrypted: new Uint8Array(
          encryptJson(dataKey, {
            diseases: "Asthma",
            intolerances: "Laktose",
            allergies: "Nüsse",
            vaccinations: [{ type: "TETANUS", available: true, date: "2020" }],
            emergencyContacts: [{ name: "Papa", phone: "0711123456" }],
          }),
        ),
        theoryPoints: 40,
        practicePoints: 44.25,
        takenOverFromId,
        version: 7,
      },
    });
  const first = await full("Erste", null);
  const second = await full("Zweite", first.id); // carries the first's part: both takeover columns are set
  ids = [first.id, second.id];
});
afterAll(() => app.stop());

/** A field with a selection of its own: every leaf field of its type, one level down. */
function selectionOf(type: GraphQLObjectType, name: string): string {
  const named = getNamedType(type.getFields()[name].type);
  if (isLeafType(named)) return name;
  if (!isObjectType(named)) throw new Error(`${name}: not an object type`);
  const leaves = Object.values(named.getFields()).filter((f) => isLeafType(getNamedType(f.type)) && f.args.length === 0);
  return `${name} { ${leaves.map((f) => f.name).join(" ")} }`;
}

const registrationType = schema.getType("DexamRegistration") as GraphQLObjectType;
const FIELDS = Object.keys(registrationType.getFields()).sort();

async function overviewRows(selection: string, token: string) {
  const res = await app.gql(
    `query($e: ID!) { dexamRegistrations(eventId: $e, first: 10) { edges { node { databaseId ${selection} } } } }`,
    { e: gid("Event", eventId) },
    token,
  );
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return (res.body.data.dexamRegistrations.edges as { node: Record<string, unknown> }[]).map((e) => e.node);
}

describe("the overview page answers every field as node(id) does", () => {
  it("[R-RO007][R-RO008] every field of DexamRegistration answers through the overview exactly as through node(id), which reads whole rows", async () => {
    const token = await app.token(world.subjects["role:registration_manage"]);
    expect(FIELDS.length).toBeGreaterThan(30);
    for (const field of FIELDS) {
      const selection = selectionOf(registrationType, field);
      const rows = await overviewRows(selection, token);
      expect(rows.map((r) => r.databaseId).sort()).toEqual([...ids].sort());
      for (const row of rows) {
        const res = await app.gql(
          `query($id: ID!) { node(id: $id) { ... on DexamRegistration { databaseId ${selection} } } }`,
          { id: gid("DexamRegistration", row.databaseId as number) },
          token,
        );
        expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
        expect(row, `${field} of registration ${row.databaseId}`).toEqual(res.body.data.node);
      }
    }
  });

  it("a field asked through a fragment, as the client sends it, answers from the page's rows", async () => {
    const token = await app.token(world.subjects["role:registration_manage"]);
    const viaFragment = await app.gql(
      `query($e: ID!) { dexamRegistrations(eventId: $e, first: 10) { edges { node { ...Row } } } }
       fragment Row on DexamRegistration { databaseId remarks }`,
      { e: gid("Event", eventId) },
      token,
    );
    expect(viaFragment.body.data.dexamRegistrations.edges.map((e: { node: { remarks: string } }) => e.node.remarks)).toEqual([
      "Bringt eigene Noten",
      "Bringt eigene Noten",
    ]);
  });

  it("[R-RO014] a page of few fields still holds only the rows the caller may see: another club's member and another district's staff get none", async () => {
    for (const who of ["member2", "staff2"]) {
      const res = await app.gql(
        `query($e: ID!) { dexamRegistrations(eventId: $e, first: 10) { totalCount edges { node { databaseId firstname } } } }`,
        { e: gid("Event", eventId) },
        await app.token(world.subjects[who]),
      );
      expect(res.body.errors, who).toBeUndefined();
      expect(res.body.data.dexamRegistrations, who).toEqual({ totalCount: 0, edges: [] });
    }
    // the club's own member sees both, through the same narrow selection
    const own = await overviewRows("firstname", await app.token(world.subjects.member));
    expect(own.map((r) => r.firstname).sort()).toEqual(["Erste", "Zweite"]);
  });
});
