// Start-up as an operator sees it: one clear line for bad settings, demo data only when asked.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, seedDemoData } from "../../../prisma/demo.ts";
import { encrypt, keyIdOf } from "../../../server/src/crypto/aead.ts";
import { KEY_CHECK_SECRET } from "../../../server/src/crypto/keyCheck.ts";
import { openDatabase } from "../../../server/src/db/client.ts";
import { verifyPassword } from "../../../server/src/idp/passwords.ts";
import { freePort, startTestApp, type TestApp } from "../../support/app.ts";
import { startServerProcess } from "../../support/serverProcess.ts";

function start(env: Record<string, string>) {
  const r = spawnSync("node_modules/.bin/tsx", ["server/src/main.ts"], { env: { PATH: process.env.PATH, ...env }, encoding: "utf8", timeout: 60_000 });
  return { status: r.status, stderr: r.stderr.trim() };
}

describe("start-up refuses bad configuration with one line", () => {
  it("production without its settings stops naming the setting", () => {
    const r = start({ NODE_ENV: "production" });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe("Start abgebrochen: PUBLIC_URL: is required when NODE_ENV=production");
  });

  it("an unknown DATABASE_URL scheme stops start-up", () => {
    const r = start({ DATABASE_URL: "sqlite:./x.db" });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^Start abgebrochen: DATABASE_URL: unknown scheme/);
    expect(r.stderr.split("\n")).toHaveLength(1);
  });

  it("an unreachable database stops start-up naming DATABASE_URL (no waiting with DATABASE_WAIT_SECONDS=0; the retries: faults.pg.test.ts)", () => {
    const r = start({ DATABASE_URL: "postgresql://postgres@127.0.0.1:1/nope", DATA_DIR: ".tmp/data", DATABASE_WAIT_SECONDS: "0" });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^Start abgebrochen: DATABASE_URL: cannot connect \(Can't reach database server at 127\.0\.0\.1:1\)$/m);
    expect(r.stderr.split("\n")).toHaveLength(1);
  });
});

describe("demo data", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  it("seeds the six demo accounts with password demo, districts, clubs and events; a second run changes nothing", async () => {
    const prisma = app.db.prisma;
    expect(await prisma.user.count()).toBe(0);
    expect(await seedDemoData(prisma)).toBe(true);
    expect(await seedDemoData(prisma)).toBe(false);
    const users = await prisma.user.findMany({
      include: { associations: { include: { association: true } }, districtAssociation: true },
      orderBy: { email: "asc" },
    });
    const summary = Object.fromEntries(
      users.map((u) => [u.email, { district: u.districtAssociation.iamRef, roles: [...u.roles].sort(), clubs: u.associations.length }]),
    );
    const staff = ["user_manage", "association_manage", "invoice_manage", "registration_manage", "event_manage", "results_manage"].sort();
    expect(summary).toEqual({
      "admin@demo.test": { district: "demo-kv-1", roles: ["admin"], clubs: 0 },
      "member2@demo.test": { district: "demo-kv-2", roles: [], clubs: 1 },
      "member@demo.test": { district: "demo-kv-1", roles: [], clubs: 1 },
      "reader@demo.test": {
        district: "demo-kv-1",
        roles: ["user_read", "association_read", "invoice_read", "registration_read", "results_read"].sort(),
        clubs: 0,
      },
      "staff2@demo.test": { district: "demo-kv-2", roles: staff, clubs: 0 },
      "staff@demo.test": { district: "demo-kv-1", roles: staff, clubs: 0 },
    });
    for (const u of users) expect(await verifyPassword(DEMO_PASSWORD, u.passwordHash)).toBe(true);
    const member = users.find((u) => u.email === "member@demo.test");
    const member2 = users.find((u) => u.email === "member2@demo.test");
    expect(member?.associations[0].association.districtAssociationId).toBe(member?.districtAssociationId);
    expect(member2?.associations[0].association.districtAssociationId).toBe(member2?.districtAssociationId);

    const events = await prisma.event.findMany({ include: { locations: true, districtAssociation: true } });
    const d1 = events.filter((e) => e.districtAssociation.iamRef === "demo-kv-1");
    expect(d1.map((e) => e.formType).sort()).toEqual(["COMPETITION", "DEXAM", "DEXAM", "DEXAM_CAMP"]);
    expect(events.filter((e) => e.districtAssociation.iamRef === "demo-kv-2")).toHaveLength(1);
    // the open events take registrations; last autumn's closed exams carry published results
    const [past, ...upcoming] = [...events].sort((a, b) => a.registrationDeadline.getTime() - b.registrationDeadline.getTime());
    for (const e of upcoming) {
      expect(e.registrationDeadline.getTime()).toBeGreaterThan(Date.now());
      expect(e.editPhase).toBe("NO_RESTRICTIONS");
    }
    expect(past.name).toBe("D-Prüfungen Herbst Vorjahr");
    expect(past.locations.every((l) => l.publishResults)).toBe(true);
    const registrations = await prisma.dexamRegistration.findMany({ include: { event: true } });
    expect(registrations.filter((r) => r.event.name === "D-Prüfungen Frühjahr")).toHaveLength(4);
    expect(registrations.filter((r) => r.cancelledAt !== null).map((r) => r.lastname)).toEqual(["Trompete"]);
    expect(registrations.filter((r) => r.eventId === past.id).every((r) => r.theoryPoints !== null && r.practicePoints !== null)).toBe(true);
    // a new user sees a published timetable at once: the spring exams' and the competition's (every ensemble on a stage)
    const competition = events.find((e) => e.formType === "COMPETITION");
    const ensembles = await prisma.competitionRegistration.findMany({ where: { eventId: competition?.id }, orderBy: { id: "asc" } });
    expect(ensembles).toHaveLength(3);
    const stages = await prisma.timetableRules.findMany({ where: { location: { eventId: competition?.id } } });
    expect(stages.map((s) => s.published)).toEqual([true, true]);
    const performances = await prisma.timetableSlot.findMany({ where: { eventId: competition?.id }, orderBy: { registrationId: "asc" } });
    expect(performances.map((s) => [s.part, s.registrationId])).toEqual(ensembles.map((r) => ["PERFORMANCE", r.id]));
    const spring = events.find((e) => e.name === "D-Prüfungen Frühjahr");
    expect(await prisma.timetableRules.count({ where: { location: { eventId: spring?.id }, published: true } })).toBeGreaterThan(0);
    const locations = events.flatMap((e) => e.locations);
    for (const t of ["DEXAM_THEORY", "DEXAM_PRACTICE", "DEXAM_PREPARATION", "COMPETITION"]) expect(locations.some((l) => l.type === t)).toBe(true);
    expect(locations.some((l) => l.type === "DEXAM_PRACTICE" && l.dexamTypes.join() === "D2" && l.instruments.join() === "CLARINET")).toBe(true);
  });
});

// With an external identity provider nothing at start-up decrypted anything, so a
// wrong DATA_ENCRYPTION_KEY started "ready" and sealed new data under it.
describe("a wrong DATA_ENCRYPTION_KEY", () => {
  const keyA = crypto.randomBytes(32).toString("base64");
  const keyB = crypto.randomBytes(32).toString("base64");
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "anm-keycheck-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  // the data names its key (crypto/aead.ts): the line says which key it needs and which one was given
  const id = (key: string) => keyIdOf(Buffer.from(key, "base64"));
  const WRONG_KEY_LINE = `Start abgebrochen: DATA_ENCRYPTION_KEY: a value is sealed with key ${id(keyA)}, which is neither DATA_ENCRYPTION_KEY (key ${id(keyB)}) nor in DATA_ENCRYPTION_OLD_KEYS (Schlüssel ${id(keyA)} unbekannt: den alten Schlüssel in DATA_ENCRYPTION_OLD_KEYS eintragen)`;

  const env = async (key: string) => {
    const port = await freePort();
    return {
      PATH: process.env.PATH,
      DATABASE_URL: `pglite:${path.join(dir, "db")}`,
      DATA_DIR: dir,
      STATIC_DIR: ".tmp/no-client",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      OIDC_ISSUER: "https://id.example.org",
      OIDC_CLIENT_ID: "anmeldesystem",
      DATA_ENCRYPTION_KEY: key,
    };
  };
  /** the real start-up until it listens (then stopped) or exits (a generous bound: PGlite's start on a loaded machine) */
  const run = async (key: string) => {
    const server = startServerProcess(await env(key));
    const outcome = await Promise.race([
      server.exited.then(() => "exited" as const),
      server.waitFor(/Anmeldesystem läuft auf/, 240_000).then(() => "up" as const),
    ]);
    if (outcome === "up") server.child.kill("SIGTERM");
    await server.exited;
    return { outcome, output: server.output().trim(), code: server.child.exitCode };
  };

  it("with an external provider: the first start writes the check value, another key stops start-up with one line, the right key starts again", async () => {
    expect((await run(keyA)).outcome).toBe("up");
    const wrong = await run(keyB);
    expect(wrong.outcome).toBe("exited");
    expect(wrong.code).toBe(1);
    expect(wrong.output).toBe(WRONG_KEY_LINE);
    expect((await run(keyA)).outcome).toBe("up");
  }, 720_000);

  it("a database with sealed data but no check value yet (data from before the check) is checked against that data, and gets no check value under the wrong key", async () => {
    const db = await openDatabase(`pglite:${path.join(dir, "db")}`, { migrate: false });
    try {
      await db.prisma.serverSecret.deleteMany();
      await db.prisma.serverSecret.create({ data: { name: "older.secret", value: encrypt(Buffer.from(keyA, "base64"), "x").toString("base64") } });
    } finally {
      await db.close();
    }
    const wrong = await run(keyB);
    expect(wrong.output).toBe(WRONG_KEY_LINE);
    const after = await openDatabase(`pglite:${path.join(dir, "db")}`, { migrate: false });
    try {
      expect(await after.prisma.serverSecret.count({ where: { name: KEY_CHECK_SECRET } })).toBe(0);
    } finally {
      await after.close();
    }
  }, 300_000);
});
