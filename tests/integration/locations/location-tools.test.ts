// What the screens offer at a location comes from the server (EventLocation.viewerCanUploadPracticeSheets,
// practiceSheetsAvailable): "Auswertungsbögen" only once a sheet was uploaded, the upload and its
// hint only for results_manage of the district.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { dexamEventWithLocations, gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let event: number;
let theory: number;
let practice: number;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  ({ event, theory, practice } = await dexamEventWithLocations(app.db.prisma, world.district1));
});
afterAll(() => app.stop());

type Tools = { databaseId: number; viewerCanUploadPracticeSheets: boolean; practiceSheetsAvailable: boolean };
const toolsOf = async (token: string) => {
  const res = await app.gql(
    "query($id: ID!) { node(id: $id) { ... on Event { locations { databaseId viewerCanUploadPracticeSheets practiceSheetsAvailable } } } }",
    { id: gid("Event", event) },
    token,
  );
  expect(res.body.errors).toBeUndefined();
  const list = res.body.data.node.locations as Tools[];
  return { theory: list.find((l) => l.databaseId === theory)!, practice: list.find((l) => l.databaseId === practice)! };
};

describe("location tools", () => {
  it("[R-LO012][R-RE009] the filled sheets are offered only after an upload and only to who may download them; the upload only to results_manage", async () => {
    const before = await toolsOf(t["role:results_manage"]);
    expect(before.practice).toMatchObject({ viewerCanUploadPracticeSheets: true, practiceSheetsAvailable: false });
    expect(before.theory).toMatchObject({ viewerCanUploadPracticeSheets: false, practiceSheetsAvailable: false });
    expect((await toolsOf(t["role:results_read"])).practice).toMatchObject({ viewerCanUploadPracticeSheets: false, practiceSheetsAvailable: false });

    const file = await app.db.prisma.storedFile.create({
      data: {
        name: "D2_A_B.xlsx",
        mimeType: "application/octet-stream",
        size: 4,
        sha256: crypto.createHash("sha256").update("xlsx").digest("hex"),
        data: Buffer.from("xlsx"),
      },
    });
    await app.db.prisma.dexamRegistration.create({
      data: {
        eventId: event,
        firstname: "A",
        lastname: "B",
        birthdate: new Date("2010-01-01"),
        gender: "F",
        associationId: world.club1,
        instrument: "CLARINET",
        type: "D2",
        practiceLocationId: practice,
        practicePoints: 40,
        practiceSheetFileId: file.id,
      },
    });
    expect((await toolsOf(t["role:results_manage"])).practice).toMatchObject({ viewerCanUploadPracticeSheets: true, practiceSheetsAvailable: true });
    expect((await toolsOf(t["role:results_read"])).practice).toMatchObject({ viewerCanUploadPracticeSheets: false, practiceSheetsAvailable: true });
    expect((await toolsOf(t["role:registration_read"])).practice.practiceSheetsAvailable).toBe(true);
    // event staff without a results or registration role, and the other district, get neither
    expect((await toolsOf(t["role:event_manage"])).practice).toMatchObject({ viewerCanUploadPracticeSheets: false, practiceSheetsAvailable: false });
    expect((await toolsOf(t.staff2)).practice).toMatchObject({ viewerCanUploadPracticeSheets: false, practiceSheetsAvailable: false });
    expect((await toolsOf(t.admin)).practice).toMatchObject({ viewerCanUploadPracticeSheets: true, practiceSheetsAvailable: true });
  });
});
