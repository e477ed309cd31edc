// A message to the registrants (issue 40 item 5; messages/service.ts): the registrations are those
// the overview lists for the same search and filters (each narrows, never widens), the recipients
// the distinct accounts that made them (optionally their clubs' accounts too); a dry run counts
// only; a send writes one outbox mail per recipient with {vorname}, {nachname}, {veranstaltung}
// filled in and one audit entry, all in one transaction; an unknown placeholder (points, health
// data) is refused in German and writes nothing. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderMail } from "../../../server/src/mail/registrationMail.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let event: number;
let otherClub: number;
let clara: number;
let extra: number;

const MESSAGE = "mutation($i: MessageRegistrantsInput!) { messageRegistrants(input: $i) { registrations recipients sent } }";

async function message(input: Record<string, unknown>, token = t["role:registration_manage"]) {
  return app.gql(MESSAGE, { i: { eventId: gid("Event", event), ...input } }, token);
}
/** The first error's code and field messages. */
async function refused(res: Awaited<ReturnType<typeof message>>) {
  const e = res.body.errors?.[0];
  return { code: e?.extensions?.code, fields: (e?.extensions as { fields?: Record<string, string> } | undefined)?.fields };
}
async function count(input: Record<string, unknown>) {
  const res = await message({ ...input, dryRun: true });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.messageRegistrants as { registrations: number; recipients: number; sent: boolean };
}
const outbox = () => app.db.prisma.mailOutbox.findMany({ where: { kind: "message" }, orderBy: { id: "asc" } });

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  const prisma = app.db.prisma;
  otherClub = (await prisma.association.create({ data: { name: "MV Andere", districtAssociationId: world.district1 } })).id;
  const user = (email: string, firstname: string, blocked = false) =>
    prisma.user.create({
      data: {
        email,
        firstname,
        lastname: "Creator",
        districtAssociationId: world.district1,
        blocked,
        associations: { create: [{ associationId: otherClub }] },
      },
    });
  clara = (await user("clara@test.example", "Clara")).id;
  extra = (await user("extra@test.example", "Emil")).id;
  await user("gesperrt@test.example", "Gesperrt", true);
  const e = await prisma.event.create({
    data: {
      ...openEventFields(world.district1),
      name: "D-Prüfungen Nachricht",
      formType: "DEXAM",
      locations: { create: [{ name: "Theorie", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1", "D2", "D3"] }] },
    },
    include: { locations: true },
  });
  event = e.id;
  const person = { eventId: e.id, birthdate: new Date("2012-01-01"), gender: "F", type: "D1", theoryLocationId: e.locations[0].id } as const;
  await prisma.dexamRegistration.createMany({
    data: [
      { ...person, firstname: "Anna", lastname: "Alt", associationId: world.club1, userId: world.userIds.member, instrument: "CLARINET", theoryPoints: 80 },
      { ...person, firstname: "Bert", lastname: "Alt", associationId: world.club1, userId: world.userIds.member, instrument: "FLUTE" },
      { ...person, firstname: "Cora", lastname: "Neu", associationId: otherClub, userId: clara, instrument: "CLARINET" },
    ],
  });
});

afterAll(async () => {
  await app?.close();
});

describe("a message to the registrants", () => {
  it("counts the overview's registrations and their distinct creators; each filter narrows", async () => {
    expect(await count({})).toEqual({ registrations: 3, recipients: 2, sent: false });
    expect(await count({ filter: { instrument: "CLARINET" } })).toEqual({ registrations: 2, recipients: 2, sent: false });
    expect(await count({ filter: { instrument: "FLUTE" } })).toEqual({ registrations: 1, recipients: 1, sent: false });
    expect(await count({ association: gid("Association", otherClub) })).toEqual({ registrations: 1, recipients: 1, sent: false });
    expect(await count({ search: "Neu" })).toEqual({ registrations: 1, recipients: 1, sent: false });
    expect(await count({ search: "Niemand" })).toEqual({ registrations: 0, recipients: 0, sent: false });
    // the clubs' accounts too (club 1: member and target; the other club: Clara and Emil, not the blocked account)
    expect(await count({ includeClubAccounts: true })).toEqual({ registrations: 3, recipients: 4, sent: false });
    expect(await count({ association: gid("Association", otherClub), includeClubAccounts: true })).toEqual({ registrations: 1, recipients: 2, sent: false });
    expect(await outbox()).toEqual([]);
  });

  it("narrows to the selected rows, never beyond the filter; a registration of another kind is refused", async () => {
    const ids = (await app.db.prisma.dexamRegistration.findMany({ where: { eventId: event }, orderBy: { id: "asc" } })).map((r) => r.id);
    const selected = (n: number[]) => n.map((id) => gid("DexamRegistration", id));
    expect(await count({ registrations: selected([ids[0], ids[2]]) })).toEqual({ registrations: 2, recipients: 2, sent: false });
    // the selection does not widen the filter: only the flute's row of the two is listed
    expect(await count({ registrations: selected([ids[0], ids[1]]), filter: { instrument: "FLUTE" } })).toEqual({
      registrations: 1,
      recipients: 1,
      sent: false,
    });
    const other = await message({ registrations: [gid("CompetitionRegistration", 1)], dryRun: true });
    expect((await refused(other)).fields).toEqual({ registrations: "Die gewählten Anmeldungen gehören nicht zu dieser Veranstaltung" });
  });

  it("is refused to staff of another district (not found) and to registration_read (forbidden)", async () => {
    expect((await refused(await message({ dryRun: true }, t.staff2))).code).toBe("NOT_FOUND");
    expect((await refused(await message({ dryRun: true }, t["role:registration_read"]))).code).toBe("FORBIDDEN");
    expect((await refused(await message({ dryRun: true }, t.member))).code).toBe("FORBIDDEN");
  });

  it("refuses an unknown placeholder, a missing text and a too long subject in German, and writes nothing", async () => {
    const points = await message({ subject: "Ergebnis", body: "Sie haben {punkte} Punkte" });
    expect((await refused(points)).fields).toEqual({
      body: "Unbekannter Platzhalter {punkte}: erlaubt sind nur {vorname}, {nachname}, {veranstaltung}",
    });
    const empty = await message({ subject: "x".repeat(201), body: " " });
    expect((await refused(empty)).fields).toEqual({ subject: "Bitte höchstens 200 Zeichen eingeben", body: "Dieses Feld ist ein Pflichtfeld" });
    expect(await outbox()).toEqual([]);
    expect(await app.db.prisma.auditEntry.count({ where: { action: "message" } })).toBe(0);
  });

  it("sends one mail per recipient with the placeholders filled in, and one audit entry", async () => {
    const res = await message({
      association: gid("Association", otherClub),
      includeClubAccounts: true,
      subject: "Hinweis zu {veranstaltung}",
      body: "Hallo {vorname} {nachname},\n\nbitte denken Sie an die Noten.",
    });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.messageRegistrants).toEqual({ registrations: 1, recipients: 2, sent: true });
    const rows = await outbox();
    expect(rows.map((r) => r.userId)).toEqual([clara, extra]);
    const mail = renderMail("message", rows[0].payload as never, "https://anmeldung.example");
    expect(mail.subject).toBe("Hinweis zu D-Prüfungen Nachricht");
    expect(mail.text).toContain("Hallo Clara Creator,\n\nbitte denken Sie an die Noten.");
    expect(mail.text).toContain("KV Eins");
    expect(mail.html).toContain("<p>Hallo Clara Creator,</p><p>bitte denken Sie an die Noten.</p>");
    expect(renderMail("message", rows[1].payload as never, "").text).toContain("Hallo Emil Creator,");
    const entries = await app.db.prisma.auditEntry.findMany({ where: { action: "message" } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity: "Event", entityId: event, actorUserId: world.userIds["role:registration_manage"] });
    expect(entries[0].details).toMatchObject({ subject: "Hinweis zu {veranstaltung}", filter: { associationId: otherClub }, recipients: 2, registrations: 1 });
  });
});
