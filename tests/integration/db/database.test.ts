// The data model, its migrations and the offline engine: no drift, the WASM engine matches the
// CLI, production deploys with the ordinary `prisma migrate deploy`, and the delete rules of the
// spec hold in the database itself.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/src/db/client.ts";
import { testDatabase } from "../../support/db.ts";

const require = createRequire(import.meta.url);
const prismaBin = "node_modules/.bin/prisma";

describe("migrations", () => {
  it("prisma/migrations reproduce prisma/schema.prisma exactly (no drift)", () => {
    const r = spawnSync(prismaBin, ["migrate", "diff", "--from-migrations", "prisma/migrations", "--to-schema", "prisma/schema.prisma", "--exit-code"], {
      env: { ...process.env, DATABASE_URL: "pglite:memory" },
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(r.status, `schema.prisma and prisma/migrations differ: run npm run db:migrate -- --name <change>\n${r.stdout}${r.stderr}`).toBe(0);
    // the engine runs every migration in WebAssembly: on a loaded 2-core machine that took over 60 s
  }, 180_000);

  it("the WASM schema engine is the same build as the Prisma CLI's engine", () => {
    const wasm = JSON.parse(fs.readFileSync("node_modules/@prisma/schema-engine-wasm/package.json", "utf8")).version as string;
    const cli = JSON.parse(fs.readFileSync(require.resolve("@prisma/engines-version/package.json"), "utf8")).prisma.enginesVersion as string;
    expect(wasm.endsWith(cli)).toBe(true);
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
    expect(pkg.dependencies.prisma).toBe(pkg.dependencies["@prisma/client"]);
    expect(pkg.dependencies["@prisma/adapter-pg"]).toBe(pkg.dependencies["@prisma/client"]);
  });
});

describe("delete rules", () => {
  let db: Database;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(() => db.close());

  async function district(name: string) {
    const prisma = db.prisma;
    const d = await prisma.districtAssociation.create({ data: { name, iamRef: name, gdprLink: "https://e.test/g", impressLink: "https://e.test/i" } });
    const club = await prisma.association.create({ data: { name: `${name} MV`, districtAssociationId: d.id } });
    const user = await prisma.user.create({
      data: { email: `${name}@e.test`, firstname: "A", lastname: "B", districtAssociationId: d.id, associations: { create: [{ associationId: club.id }] } },
    });
    const event = await prisma.event.create({
      data: {
        name: `${name} D`,
        districtAssociationId: d.id,
        formType: "DEXAM",
        registrationDeadline: new Date("2030-01-01"),
        startPublishing: new Date("2029-01-01"),
        finishPublishing: new Date("2031-01-01"),
        privacyPolicy: "p",
        locations: { create: [{ name: "Theorie", type: "DEXAM_THEORY", street: "S", city: "C" }] },
      },
      include: { locations: true },
    });
    const location = event.locations[0];
    const reg = await prisma.dexamRegistration.create({
      data: {
        eventId: event.id,
        userId: user.id,
        firstname: "K",
        lastname: "L",
        birthdate: new Date("2012-03-04"),
        gender: "F",
        associationId: club.id,
        instrument: "CLARINET",
        type: "D1",
        theoryLocationId: location.id,
        theoryPoints: "30.5",
      },
    });
    return { d, club, user, event, location, reg };
  }

  it("[R-LO019] a location referenced by a registration cannot be deleted", async () => {
    const { location } = await district("ref");
    await expect(db.prisma.eventLocation.delete({ where: { id: location.id } })).rejects.toThrow();
    expect(await db.prisma.eventLocation.count({ where: { id: location.id } })).toBe(1);
  });

  it("deleting an event removes its locations and registrations together", async () => {
    const { event, location, reg } = await district("ev");
    await db.prisma.event.delete({ where: { id: event.id } });
    expect(await db.prisma.eventLocation.count({ where: { id: location.id } })).toBe(0);
    expect(await db.prisma.dexamRegistration.count({ where: { id: reg.id } })).toBe(0);
  });

  it("[R-DA009] deleting a district association removes its users, clubs, events, locations, registrations and results", async () => {
    const keep = await district("keep");
    const gone = await district("gone");
    await db.prisma.districtAssociation.delete({ where: { id: gone.d.id } });
    expect(await db.prisma.user.count({ where: { id: gone.user.id } })).toBe(0);
    expect(await db.prisma.association.count({ where: { id: gone.club.id } })).toBe(0);
    expect(await db.prisma.event.count({ where: { id: gone.event.id } })).toBe(0);
    expect(await db.prisma.dexamRegistration.count({ where: { id: gone.reg.id } })).toBe(0);
    expect(await db.prisma.userAssociation.count({ where: { userId: gone.user.id } })).toBe(0);
    // the other district is untouched
    expect(await db.prisma.dexamRegistration.findUnique({ where: { id: keep.reg.id } })).toMatchObject({ theoryPoints: expect.anything() });
  });

  it("deleting a user keeps the club's registrations (the user reference is cleared)", async () => {
    const { user, reg } = await district("usr");
    await db.prisma.user.delete({ where: { id: user.id } });
    expect(await db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: reg.id } })).toMatchObject({ userId: null, firstname: "K" });
  });
});
