// The benchmark's dataset (bench/seed.ts) loads into a freshly migrated database and has
// the size the issue asks for: 10 district associations, 500 clubs, 20,000 users with one shared
// password hash, 40 events, 50,000 D-exam registrations (5,000 in event 1, the overview's), 5,000
// competition registrations, results for half of them. A schema change that breaks the seed fails
// here, not first in `npm run bench`. PostgreSQL pass only (seeding PGlite at this size takes 15 s).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCALE, scaleOf, seedStatements } from "../../../bench/seed.ts";
import { competitionOverviewKeys } from "../../../server/src/domains/competition/rules.ts";
import { overviewKeys } from "../../../server/src/domains/dexam/rules.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  for (const sql of seedStatements()) await app.db.prisma.$executeRawUnsafe(sql);
}, 120_000);
afterAll(() => app.stop());

const count = async (sql: string) => Number(((await app.db.prisma.$queryRawUnsafe(sql)) as { n: bigint }[])[0].n);

describe("benchmark dataset", () => {
  it("has the issue's size", async () => {
    expect(SCALE).toEqual({ districts: 10, clubs: 500, users: 20_000, events: 40, dexam: 50_000, bigEvent: 5_000, competition: 5_000 });
    expect(await count(`SELECT count(*) AS n FROM "DistrictAssociation"`)).toBe(10);
    expect(await count(`SELECT count(*) AS n FROM "Association"`)).toBe(500);
    expect(await count(`SELECT count(*) AS n FROM "User"`)).toBe(20_000);
    expect(await count(`SELECT count(DISTINCT "passwordHash") AS n FROM "User"`)).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM "Event"`)).toBe(40);
    expect(await count(`SELECT count(*) AS n FROM "DexamRegistration"`)).toBe(50_000);
    expect(await count(`SELECT count(*) AS n FROM "DexamRegistration" WHERE "eventId" = 1`)).toBe(5_000);
    expect(await count(`SELECT count(*) AS n FROM "CompetitionRegistration"`)).toBe(5_000);
  });

  it("BENCH_SCALE=100 is a national federation: 500,000 registrations, 5,000 clubs, 200,000 users (the same statements, not seeded here)", () => {
    const national = scaleOf(100);
    expect(national.dexam + national.competition).toBe(500_000);
    expect(national).toMatchObject({ clubs: 5_000, users: 200_000, bigEvent: 50_000, districts: SCALE.districts, events: SCALE.events });
    // the statements name no size of their own: each count comes from the scale
    expect(seedStatements(national).join("\n")).toContain("generate_series(1, 450000)");
  });

  it("has results for half of the registrations", async () => {
    expect(await count(`SELECT count(*) AS n FROM "DexamRegistration" WHERE "theoryPoints" IS NOT NULL AND "practicePoints" IS NOT NULL`)).toBe(25_000);
    expect(await count(`SELECT count(*) AS n FROM "CompetitionRegistration" WHERE points IS NOT NULL`)).toBe(2_500);
  });

  it("carries the overview's sort keys as the rule works them out (dexam/rules.ts overviewKeys), so no start-up sweep runs during a figure", async () => {
    expect(await count(`SELECT count(*) AS n FROM "DexamRegistration" WHERE "songsCompleteKey" IS NULL`)).toBe(0);
    const rows = await app.db.prisma.dexamRegistration.findMany({ where: { id: { lte: 400 } }, orderBy: { id: "asc" } });
    expect(rows.map((r) => ({ gradeKey: r.gradeKey, songsCompleteKey: r.songsCompleteKey }))).toEqual(rows.map((r) => overviewKeys(r)));
    expect(new Set(rows.map((r) => r.gradeKey))).toEqual(new Set(["PASSED", "FAILED", null]));
    expect(await count(`SELECT count(*) AS n FROM "CompetitionRegistration" WHERE "songsCompleteKey" IS NULL`)).toBe(0);
    const groups = await app.db.prisma.competitionRegistration.findMany({ take: 100, orderBy: { id: "asc" } });
    expect(groups.map((r) => ({ songsCompleteKey: r.songsCompleteKey }))).toEqual(groups.map((r) => competitionOverviewKeys(r)));
  });

  it("fits the figures' assumptions: every registration's club and locations belong to its event's district and event", async () => {
    // the overview (figure 1) reads event 1 as staff of district 1; the rush (figure 3) sends 4 waves of 200 members of district 2
    expect(await count(`SELECT count(*) AS n FROM "Event" WHERE id = 1 AND "districtAssociationId" = 1 AND "formType" = 'DEXAM'`)).toBe(1);
    expect(
      await count(`SELECT count(*) AS n FROM "User" u JOIN "UserAssociation" ua ON ua."userId" = u.id WHERE u."districtAssociationId" = 2`),
    ).toBeGreaterThanOrEqual(800);
    expect(
      await count(`SELECT count(*) AS n FROM "DexamRegistration" r JOIN "Event" e ON e.id = r."eventId" JOIN "Association" a ON a.id = r."associationId"
                    WHERE a."districtAssociationId" <> e."districtAssociationId"`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM "DexamRegistration" r JOIN "EventLocation" l ON l.id IN (r."theoryLocationId", r."practiceLocationId")
                    WHERE l."eventId" <> r."eventId"`),
    ).toBe(0);
  });
});
