// The D-exam overview's grade key under two writes at the same time (PostgreSQL pass only: it needs
// a second connection): a practice sheet uploaded while theory points are being written to the
// same registration reads the row before the theory write commits, waits for its lock, and still
// leaves the key the rule works out from both (dexam/service.ts settleOverviewKeys).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overviewKeys } from "../../../server/src/domains/dexam/rules.ts";
import { fillPracticeSheet, unzip, upload } from "../../fixtures/workbooks.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { dexamEventWithLocations, dexamWireBody, eventually } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
let at: { event: number; theory: number; practice: number };
const t: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" } });
  at = await dexamEventWithLocations(app.db.prisma, world.district1, "D-Prüfungen gleichzeitig");
});
afterAll(() => app.stop());

const SONGS = [1, 2, 3, 4].map((n) => ({ number: String(n), name: `Stück ${n}` }));
const waitingLocks = async () =>
  Number(((await app.db.prisma.$queryRawUnsafe(`SELECT count(*) AS n FROM pg_locks WHERE NOT granted`)) as { n: bigint }[])[0].n);

describe("the grade key under writes at the same time", () => {
  it("a practice sheet uploaded while theory points are written: the key is worked out from both", async () => {
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, dexamWireBody(at, world.club1, { songs: SONGS }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const blank = await app.rest("GET", `/v1/export/location/${at.practice}/dexam/blank_practice_sheets`, t["role:results_manage"]);
    const [name, data] = Object.entries(unzip(blank.raw)).find(([n]) => n.startsWith(`Praxisbogen_R${id}_`)) ?? [];
    const sheet = { name: name as string, data: await fillPracticeSheet(data as Uint8Array, 40) };

    let uploading: ReturnType<typeof upload> | undefined;
    await app.db.prisma.$transaction(
      async (tx) => {
        // the theory write (as setTheoryResult writes it: the keys from the row it read, no practice points yet)
        const row = await tx.dexamRegistration.findUniqueOrThrow({ where: { id } });
        await tx.dexamRegistration.update({ where: { id }, data: { theoryPoints: 30, ...overviewKeys({ ...row, theoryPoints: 30 }) } });
        // the upload reads the row as committed (no theory points) and waits for this transaction's lock
        uploading = upload(app, `/v1/registration/dexam/location/${at.practice}/practice_sheets`, t["role:results_manage"], "files", [sheet]);
        await eventually(waitingLocks, (n) => n > 0);
      },
      { timeout: 60_000 },
    );
    const res = await uploading;
    expect(res?.status, JSON.stringify(res?.body)).toBe(200);
    const stored = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id } });
    expect([Number(stored.theoryPoints), Number(stored.practicePoints)]).toEqual([30, 40]);
    expect(stored.gradeKey).toBe("PASSED");
  });
});
