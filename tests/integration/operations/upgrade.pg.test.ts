// Upgrades (README "Upgrades"): the previous release (CHANGELOG.md names its commit) keeps
// reading and writing correctly on a database migrated with every migration of the present code,
// beside the present server: a camp registration with its sealed camp data and consent form
// written by either release is read by the other, and neither stores a file or camp data in
// plaintext. When the present code's upgrade notes ("Unreleased") say a stop is needed, the
// previous release's data is still read by this one, and the previous release refuses to start on
// a database this release has started on (one line, nothing served) instead of misreading it. The old release is built from git (tests/support/previousRelease.ts; the first run
// builds its server bundle, later runs reuse it) and started as a child process; the present one
// runs in this process. The database is a copy of the run's template, migrated with whatever
// migrations exist when the suite runs.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDataKey } from "../../../server/src/crypto/keyCheck.ts";
import type { openDatabase } from "../../../server/src/db/client.ts";
import { freePort, startTestApp, type TestApp } from "../../support/app.ts";
import { testDatabase } from "../../support/db.ts";
import { dexamWireBody, openEventFields } from "../../support/fixtures.ts";
import { buildPreviousRelease, previousRelease } from "../../support/previousRelease.ts";
import { createWorld, type World } from "../../support/principals.ts";
import { startServerProcess } from "../../support/serverProcess.ts";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/** Whether the present code's upgrade notes (CHANGELOG.md "Unreleased") say that a stop is needed. */
function stopNeeded(): boolean {
  const changelog = fs.readFileSync(path.resolve(import.meta.dirname, "../../../CHANGELOG.md"), "utf8");
  const unreleased = changelog.split(/^## /m).find((section) => section.startsWith("Unreleased")) ?? "";
  return /\*\*Stop needed\.\*\*/.test(unreleased);
}

describe("the previous release on this release's migrations", () => {
  const release = previousRelease();
  let oldServer: ReturnType<typeof startServerProcess> | undefined;
  let oldUrl = "";
  let oldMember = "";
  let app: TestApp;
  let member = "";
  let world: World;
  let camp: { id: number; theory: number };
  let prisma: Awaited<ReturnType<typeof openDatabase>>["prisma"];
  let closeDb: () => Promise<void>;

  beforeAll(async () => {
    const releaseRoot = buildPreviousRelease(release);
    const db = await testDatabase();
    world = await createWorld(db.prisma);
    const complete = { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" };
    await db.prisma.user.update({ where: { id: world.userIds.member }, data: complete });
    const event = await db.prisma.event.create({
      data: {
        ...openEventFields(world.district1),
        name: "Freizeit beim Übergang",
        formType: "DEXAM_CAMP",
        cancellationConditions: "Storno kostet",
        locations: { create: [{ name: "Theorie", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1"] }] },
      },
      include: { locations: true },
    });
    camp = { id: event.id, theory: event.locations[0].id };
    prisma = db.prisma;
    closeDb = () => db.close();
    // the previous release first, as its own `npm start` runs it (it seals the database's key check
    // value and the embedded provider's keys as it always did), then the present one on the same
    // database and data key, in this process
    root = releaseRoot;
    const port = await freePort();
    oldUrl = `http://127.0.0.1:${port}`;
    oldServer = startPrevious(db.url, port);
    await oldServer.waitFor(/Anmeldesystem läuft/, 90_000);
    app = await startTestApp({ db, dataKey });
    member = await app.token(world.subjects.member);
    oldMember = await app.token(world.subjects.member, { iss: `${oldUrl}/oidc` });
  }, 600_000);

  let root = "";
  const dataKey = crypto.randomBytes(32);
  /** The previous release's server on `databaseUrl` (not yet ready: wait for its start-up line). */
  const startPrevious = (databaseUrl: string, port: number) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "anm-previous-"));
    return startServerProcess(
      {
        PATH: process.env.PATH,
        DATABASE_URL: databaseUrl,
        DATA_ENCRYPTION_KEY: dataKey.toString("base64"),
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: path.join(dir, "data"),
        STATIC_DIR: path.join(dir, "no-client"),
        PERSISTED_OPERATIONS_FILE: path.join(dir, "persisted-operations.json"),
        DATABASE_WAIT_SECONDS: "0",
        LOG_LEVEL: "warn",
      },
      ["--enable-source-maps"],
      { cwd: root, entry: "dist/server/main.mjs" },
    );
  };

  afterAll(async () => {
    oldServer?.child.kill("SIGTERM");
    await oldServer?.exited;
    await app?.close();
    await closeDb?.();
  });

  /** `healthConsent`: this release asks for the consent to the health data; the previous one knows no such field */
  const campBody = (lastname: string, healthConsent = false) => ({
    ...(healthConsent ? { health_consent_accepted: true } : {}),
    ...dexamWireBody({ event: camp.id, theory: camp.theory, practice: 0 }, world.club1, { lastname, type: "D1", practice_location_id: null }),
    cancellation_accepted: true,
    camp_extension: {
      diseases: "Heuschnupfen",
      meal_request: "vegetarian",
      vaccinations: [{ type: "tetanus", available: true, date: "2020-05-01" }],
      emergency_contact: [{ name: "Oma Übergang", phone: "0711987654" }],
    },
    file_upload: `data:application/pdf;base64,${PDF.toString("base64")}`,
    file_upload_name: "einverstaendnis.pdf",
  });

  type Answer = { status: number; contentType: string | null; raw: Buffer; body: any };
  /** GET or POST on the previous release's /v1 with the member's token. */
  const old = async (method: "GET" | "POST", route: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${oldUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${oldMember}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const raw = Buffer.from(await res.arrayBuffer());
    const json = /json/.test(res.headers.get("content-type") ?? "") ? JSON.parse(raw.toString("utf8")) : undefined;
    return { status: res.status, contentType: res.headers.get("content-type"), raw, body: json };
  };
  const present = async (method: "GET" | "POST", route: string, body?: unknown): Promise<Answer> => {
    const res = await app.rest(method, route, member, body);
    return { status: res.status, contentType: String(res.headers["content-type"] ?? "") || null, raw: res.raw, body: res.body };
  };

  /** Neither the camp data nor the consent form of registration `id` is in the database in plaintext. */
  const sealedAtRest = async (id: number) => {
    const row = await prisma.dexamRegistration.findUniqueOrThrow({ where: { id }, include: { consentFormFile: true } });
    expect(row.consentFormFile, "a consent form is stored").not.toBeNull();
    const file = Buffer.from(row.consentFormFile?.data as Uint8Array);
    expect(file.includes(Buffer.from("%PDF"))).toBe(false);
    const campData = Buffer.from((row.campDataEncrypted ?? new Uint8Array()) as Uint8Array).toString("latin1");
    expect(campData.length).toBeGreaterThan(0);
    for (const secret of ["Heuschnupfen", "Oma Übergang", "0711987654"]) expect(campData).not.toContain(secret);
  };

  /** What a reader gets of registration `id`: its camp data and the consent form's bytes. */
  const readBy = async (reader: typeof old, id: number) => {
    const registration = await reader("GET", `/v1/registration/dexam/${id}`);
    expect(registration.status, JSON.stringify(registration.body)).toBe(200);
    const consent = await reader("GET", `/v1/export/registration/dexam/${id}/consent_form`);
    expect(consent.status).toBe(200);
    expect(consent.contentType).toBe("application/pdf");
    return { camp: registration.body.camp_extension, consentFile: registration.body.consent_form_file, consent: consent.raw };
  };

  it(`release ${release.version} writes a camp registration with a consent form that this release reads, sealed at rest`, async () => {
    const created = await old("POST", "/v1/registration/dexam", campBody("Altversion"));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await sealedAtRest(created.body.id);
    const read = await readBy(present, created.body.id);
    expect(read.consent.equals(PDF)).toBe(true);
    expect(read.consentFile).toEqual({ name: "einverstaendnis.pdf" });
    expect(read.camp).toMatchObject({
      diseases: "Heuschnupfen",
      meal_request: "vegetarian",
      emergency_contact: [{ name: "Oma Übergang", phone: "0711987654" }],
    });
    // and the old release reads its own row as this one does
    expect(await readBy(old, created.body.id)).toEqual(read);
  }, 120_000);

  if (stopNeeded())
    it(`release ${release.version} refuses to start on a database this release has started on (the upgrade notes say a stop is needed)`, async () => {
      const db = await testDatabase();
      try {
        // what this release's start-up does first: the key check value, sealed as this release seals
        await checkDataKey(db.prisma, dataKey);
        const refused = startPrevious(db.url, await freePort());
        const code = await refused.exited;
        expect(code).not.toBe(0);
        await refused.waitFor(/Start abgebrochen: DATA_ENCRYPTION_KEY/, 1_000);
      } finally {
        await db.close();
      }
    }, 120_000);
  else
    it(`release ${release.version} reads the camp registration and consent form this release writes`, async () => {
      const created = await present("POST", "/v1/registration/dexam", campBody("Neuversion", true));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      await sealedAtRest(created.body.id);
      const read = await readBy(old, created.body.id);
      expect(read.consent.equals(PDF)).toBe(true);
      expect(read.consentFile).toEqual({ name: "einverstaendnis.pdf" });
      expect(read.camp).toMatchObject({
        diseases: "Heuschnupfen",
        meal_request: "vegetarian",
        emergency_contact: [{ name: "Oma Übergang", phone: "0711987654" }],
      });
      expect(await readBy(present, created.body.id)).toEqual(read);
    }, 120_000);
});
