// What a backup must bring back: the row count of every table, a camp
// registration whose health data only the same DATA_ENCRYPTION_KEY decrypts, and a browser sign-in
// through the embedded provider (its keys are stored encrypted in the database as well).
import { expect } from "vitest";
import type { Database } from "../../server/src/db/client.ts";
import { hashPassword } from "../../server/src/idp/passwords.ts";
import type { TestApp } from "./app.ts";
import { dexamWireBody, openEventFields } from "./fixtures.ts";
import { createWorld } from "./principals.ts";
import { signInForToken, viewerEmail } from "./signin.ts";

export const CAMP = {
  diseases: "Asthma",
  allergies: "Nüsse",
  meal_request: "vegetarian",
  emergency_contact: [{ name: "Mama Klar", phone: "+491701234567" }],
};
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
export const SIGN_IN = { email: "member@test.example", password: "sicher-genug-2026" };

/** Fills a (listening) app's database: the permission world, a camp event and a member's camp registration with its consent form; a member with a password. */
export async function populate(app: TestApp): Promise<{ registrationId: number }> {
  const prisma = app.db.prisma;
  const world = await createWorld(prisma);
  await prisma.user.update({
    where: { id: world.userIds.member },
    data: { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt", passwordHash: await hashPassword(SIGN_IN.password) },
  });
  const camp = await prisma.event.create({
    data: {
      ...openEventFields(world.district1),
      name: "Freizeit",
      formType: "DEXAM_CAMP",
      cancellationConditions: "Storno kostet",
      locations: { create: [{ name: "T", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1"] }] },
    },
    include: { locations: true },
  });
  const token = await signInForToken(app.baseUrl, SIGN_IN.email, SIGN_IN.password);
  const res = await app.rest("POST", "/v1/registration/dexam", token, {
    ...dexamWireBody({ event: camp.id, theory: camp.locations[0].id, practice: 0 }, world.club1, { type: "D1", practice_location_id: null }),
    cancellation_accepted: true,
    health_consent_accepted: true,
    camp_extension: CAMP,
    file_upload: `data:application/pdf;base64,${PDF.toString("base64")}`,
    file_upload_name: "einverstaendnis.pdf",
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { registrationId: res.body.id };
}

/** The number of rows of every table of the public schema (Prisma's migration table included). */
export async function tableCounts(db: Pick<Database, "read">): Promise<Record<string, number>> {
  const tables = await db.read<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    [],
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = (await db.read<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`, []))[0].n;
  return counts;
}

/** The restored app serves what the original served: the same counts, the camp data decrypted, and a browser sign-in. */
export async function expectSameData(restored: TestApp, before: { counts: Record<string, number>; registrationId: number }) {
  expect(await tableCounts(restored.db)).toEqual(before.counts);
  expect(Object.keys(before.counts).length).toBeGreaterThan(10);
  expect(before.counts.DexamRegistration).toBe(1);
  // the provider's signing keys and cookie keys came back and decrypt (the restored server has another address, so new tokens)
  const token = await signInForToken(restored.baseUrl, SIGN_IN.email, SIGN_IN.password);
  expect(await viewerEmail(restored.baseUrl, token)).toBe(SIGN_IN.email);
  const read = await restored.rest("GET", `/v1/registration/dexam/${before.registrationId}`, token);
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  expect(read.body.camp_extension).toMatchObject(CAMP);
}
