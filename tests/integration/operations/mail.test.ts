// Confirmation e-mails to the registering user (mail/outbox.ts, mail/registrationMail.ts) against a
// real SMTP server process in the suite: the smtp-server package receives on an ephemeral port what
// the app sends through nodemailer (SMTP_URL). The outbox row is written in the change's
// transaction and sent after commit; a mail-server outage loses nothing and fails nothing.
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countResultMails } from "../../../server/src/domains/results/mails.ts";
import { logOutbox, smtpOutbox } from "../../../server/src/mail/transport.ts";
import { pcJurorWorkbook, upload } from "../../fixtures/workbooks.ts";
import { freePort, startTestApp, type TestApp } from "../../support/app.ts";
import { competitionEventWithHall, competitionWireBody, dexamEventWithLocations, dexamWireBody, gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

const FROM = "Anmeldesystem <noreply@verband.example>";
/** the camp's health data: none of it may appear in any mail */
const HEALTH = ["Asthma bronchiale", "Laktoseintoleranz", "Erdnussallergie"];

type Received = { from: string; to: string[]; raw: string };
let received: Received[] = [];
let smtp: SMTPServer | null = null;
let port: number;

async function startSmtp() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  smtp = server;
}
async function stopSmtp() {
  const server = smtp;
  smtp = null;
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
}

// ---- a small MIME reader: headers, and the text/plain and text/html parts decoded

function splitMessage(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const i = line.indexOf(":");
    headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body: raw.slice(at + 4) };
}

function decode(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding?.toLowerCase() === "quoted-printable") {
    const soft = body.replace(/=\r?\n/g, "");
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
        bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i], "utf8"));
    }
    return Buffer.from(bytes).toString("utf8");
  }
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) of a header, decoded. */
function headerText(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : decode(text.replace(/_/g, " "), "quoted-printable"),
    );
}

function parse(raw: string) {
  const { headers, body } = splitMessage(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers["content-type"] ?? "")?.[1] as string;
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => splitMessage(p.replace(/^\r\n/, "")));
  const part = (type: string) => {
    const p = parts.find((x) => x.headers["content-type"]?.startsWith(type));
    return p ? decode(p.body, p.headers["content-transfer-encoding"]) : "";
  };
  return { headers, subject: headerText(headers.subject ?? ""), text: part("text/plain"), html: part("text/html") };
}

// ---- the app, its world and an event of each kind

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let camp: { id: number; theory: number };
let dexam: { event: number; theory: number; practice: number };
let competition: number;

const outboxRows = () => app.db.prisma.mailOutbox.findMany({ orderBy: { id: "asc" } });
const mailsTo = (email: string) => received.filter((m) => m.to.includes(email)).map((m) => ({ ...parse(m.raw), raw: m.raw, from: m.from }));
const MEMBER = "member@test.example";

beforeAll(async () => {
  port = await freePort();
  await startSmtp();
  app = await startTestApp({
    outbox: smtpOutbox(`smtp://127.0.0.1:${port}`, FROM, logOutbox(true)),
    // as in production, the sender runs after each commit and on its timer; the tests also flush
    // (which waits for a round in flight) before they look
    mailSending: "auto",
    // a failed mail is due again at once
    env: { MAIL_RETRY_SECONDS: "0" },
  });
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  const complete = { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" };
  await app.db.prisma.user.updateMany({ where: { id: { in: [world.userIds.member, world.userIds.member2] } }, data: complete });
  const e = await app.db.prisma.event.create({
    data: {
      ...openEventFields(world.district1),
      // markup in stored text: escaped in the HTML part
      name: "Sommerfreizeit <2027> & Co",
      formType: "DEXAM_CAMP",
      cancellationConditions: "Storno kostet",
      // the automatic deletion: the end of 31.10.2027 in Berlin (stored as the end of its day)
      expiration: new Date("2027-10-31T22:59:59Z"),
      locations: {
        create: [
          {
            name: "Theorie Jugendhaus",
            type: "DEXAM_THEORY",
            street: "Lindenweg 3",
            postcode: "70173",
            city: "Stuttgart",
            dexamTypes: ["D1"],
            start: new Date("2027-07-10T07:00:00Z"),
            end: new Date("2027-07-10T15:00:00Z"),
          },
        ],
      },
    },
    include: { locations: true },
  });
  camp = { id: e.id, theory: e.locations[0].id };
  dexam = await dexamEventWithLocations(app.db.prisma, world.district1);
  competition = await competitionEventWithHall(app.db.prisma, world.district1);
});
afterAll(async () => {
  await app.stop();
  await stopSmtp();
});
beforeEach(async () => {
  await app.services.mail.flush();
  received = [];
});

const PDF_URL = `data:application/pdf;base64,${Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n").toString("base64")}`;
const campBody = (over: Record<string, unknown> = {}) => ({
  ...dexamWireBody({ event: camp.id, theory: camp.theory, practice: 0 }, world.club1, { type: "D1", practice_location_id: null }),
  cancellation_accepted: true,
  health_consent_accepted: true,
  camp_extension: {
    diseases: HEALTH[0],
    intolerances: HEALTH[1],
    allergies: HEALTH[2],
    meal_request: "standard",
    vaccinations: [],
    emergency_contact: [{ name: "Papa", phone: "0711123456" }],
  },
  file_upload: PDF_URL,
  file_upload_name: "einverstaendnis.pdf",
  ...over,
});

describe("confirmation e-mails", () => {
  it("a new camp registration mails the registering user: headers, both bodies, links, and no health data", async () => {
    const res = await app.rest("POST", "/v1/registration/dexam", t.member, campBody());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await app.services.mail.flush();
    const [mail] = mailsTo(MEMBER);
    expect(mailsTo(MEMBER)).toHaveLength(1);
    expect(mail.from).toBe("noreply@verband.example");
    expect(mail.headers.from).toBe(FROM);
    expect(mail.headers.to).toBe(MEMBER);
    expect(mail.subject).toBe("Anmeldung eingegangen: Lena Klar (Sommerfreizeit <2027> & Co)");
    expect(mail.headers["content-type"]).toMatch(/^multipart\/alternative; boundary=/);
    expect(Number.isNaN(Date.parse(mail.headers.date))).toBe(false);
    expect(mail.headers["message-id"]).toMatch(/^<mail-\d+\.\d+@127\.0\.0\.1>$/);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Ihre D-Prüfungsanmeldung ist eingegangen.");
      expect(body).toContain("Lena Klar");
      expect(body).toContain("MV Eins");
      expect(body).toContain("D1, Klarinette");
      expect(body).toContain(`Anmeldungsnummer`);
      expect(body).toContain(String(res.body.id));
      expect(body).toContain("Theorieprüfung: Theorie Jugendhaus");
      expect(body).toContain("Lindenweg 3, 70173 Stuttgart");
      expect(body).toContain("Sa., 10.07.2027, 09:00 – 17:00 Uhr");
      expect(body).toContain(`${app.baseUrl}/#/registration/overview`);
      expect(body).toContain("https://e.test/1/impressum");
      expect(body).toContain("https://e.test/1/dsgvo");
      // the event's automatic deletion date (transparency)
      expect(body).toContain("Die Daten dieser Anmeldung werden am 31.10.2027 automatisch gelöscht.");
    }
    expect(mail.text).toContain("Veranstaltung: Sommerfreizeit <2027> & Co");
    expect(mail.html).toContain("Sommerfreizeit &#60;2027&#62; &#38; Co");
    expect(mail.html).not.toContain("<2027>");
    for (const secret of [...HEALTH, "Papa", "0711123456"]) expect(mail.raw).not.toContain(secret);
    // nor in the stored row
    const rows = await outboxRows();
    expect(JSON.stringify(rows.at(-1)?.payload)).not.toMatch(/Asthma|Laktose|Erdnuss|Papa/);
    expect(rows.at(-1)?.sentAt).not.toBeNull();
  });

  it("the mail leaves after the commit by itself: the change wakes the sender", async () => {
    const res = await app.rest("POST", "/v1/registration/dexam", t.member, dexamWireBody(dexam, world.club1, { firstname: "Sofort" }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await expect.poll(() => mailsTo(MEMBER).map((m) => m.subject), { timeout: 20_000 }).toEqual(["Anmeldung eingegangen: Sofort Klar (D-Prüfungen)"]);
  });

  it("a new competition registration lists its pieces", async () => {
    const res = await app.rest(
      "POST",
      "/v1/registration/competition",
      t.member,
      competitionWireBody(competition, world.club1, {
        songs: [
          { name: "Arsenal", composer: "Jan Van der Roost", publisher: "DeHaske", duration: 300 },
          { name: "Tirol 1809", composer: "Sepp Tanzer", publisher: "Helbling", duration: 420 },
        ],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await app.services.mail.flush();
    const [mail] = mailsTo(MEMBER);
    expect(mail.subject).toBe("Anmeldung eingegangen: Blasorchester Musterstadt (Wertungsspiele)");
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Ihre Wertungsspielanmeldung ist eingegangen.");
      expect(body).toContain("K – Konzertmusik");
      expect(body).toContain("Arsenal (Jan Van der Roost)");
      expect(body).toContain("Tirol 1809 (Sepp Tanzer)");
      // an event without an automatic deletion date: the mail says nothing of one
      expect(body).not.toContain("automatisch gelöscht");
    }
  });

  it("a change by someone else, a cancellation and a deletion mail the registering user; the user's own change does not", async () => {
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, dexamWireBody(dexam, world.club1));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    await app.services.mail.flush();
    received = [];
    // the member's own change: no mail
    const own = await app.rest("PUT", "/v1/registration/dexam", t.member, dexamWireBody(dexam, world.club1, { id, remarks: "selbst" }));
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    // the office changes it: mail
    const office = await app.rest("PUT", "/v1/registration/dexam", t["role:registration_manage"], dexamWireBody(dexam, world.club1, { id, firstname: "Lea" }));
    expect(office.status, JSON.stringify(office.body)).toBe(200);
    await app.services.mail.flush();
    expect(mailsTo(MEMBER).map((m) => m.subject)).toEqual(["Anmeldung geändert: Lea Klar (D-Prüfungen)"]);
    expect(mailsTo(MEMBER)[0].text).toContain("Ihre D-Prüfungsanmeldung wurde von einer anderen Person geändert.");
    received = [];
    // the member cancels: mail
    const cancelled = await app.rest("PUT", "/v1/registration/dexam", t.member, {
      ...dexamWireBody(dexam, world.club1, { id }),
      cancelled_at: new Date().toISOString(),
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.cancelled_at).not.toBeNull();
    // a competition registration deleted by the office: mail
    const band = await app.rest("POST", "/v1/registration/competition", t.member, competitionWireBody(competition, world.club1, { name: "Jugendkapelle" }));
    expect(band.status).toBe(201);
    // sent before the deletion (a mail still waiting goes with the registration: registrations/traces.ts)
    await app.services.mail.flush();
    expect((await app.rest("DELETE", `/v1/registration/competition/${band.body.id}`, t["role:registration_manage"])).status).toBe(204);
    await app.services.mail.flush();
    expect(mailsTo(MEMBER).map((m) => m.subject)).toEqual([
      "Anmeldung storniert: Lea Klar (D-Prüfungen)",
      "Anmeldung eingegangen: Jugendkapelle (Wertungsspiele)",
      "Anmeldung gelöscht: Jugendkapelle (Wertungsspiele)",
    ]);
    expect(mailsTo(MEMBER)[2].text).toContain("Ihre Wertungsspielanmeldung wurde gelöscht.");
  });

  it("a mail-server outage fails no registration and loses no mail: the row stays, and is delivered once when the server is back", async () => {
    await stopSmtp();
    const before = (await outboxRows()).length;
    const res = await app.rest("POST", "/v1/registration/dexam", t.member, dexamWireBody(dexam, world.club1, { firstname: "Ausfall" }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await app.services.mail.flush()).toBe(0);
    const rows = await outboxRows();
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1)!;
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBeGreaterThanOrEqual(1);
    expect(row.lastError).toBeTruthy();
    await startSmtp();
    await app.services.mail.flush();
    await app.services.mail.flush();
    const delivered = mailsTo(MEMBER).filter((m) => m.subject.startsWith("Anmeldung eingegangen: Ausfall Klar"));
    expect(delivered).toHaveLength(1);
    expect((await app.db.prisma.mailOutbox.findUniqueOrThrow({ where: { id: row.id } })).sentAt).not.toBeNull();
  });

  it("publishing results mails the registering user, unless the user switched result mails off in the own account", async () => {
    const put = async (token: string, resultMails: boolean) =>
      app.gql(
        `mutation($input: ProfileInput!) { updateViewer(input: $input) { resultMails } }`,
        {
          input: {
            firstname: "member",
            lastname: "Test",
            email: MEMBER,
            phone: "+49711",
            street: "Weg 1",
            postcode: "70173",
            city: "Stadt",
            country: "Deutschland",
            resultMails,
            version: (await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.member } })).version,
          },
        },
        token,
      );
    const { theory } = await dexamEventWithLocations(app.db.prisma, world.district1, "Ergebnisse");
    const e = (
      await app.db.prisma.eventLocation.update({
        where: { id: theory },
        data: { start: new Date("2027-03-13T08:00:00Z"), end: new Date("2027-03-13T12:00:00Z") },
      })
    ).eventId;
    const reg = async (firstname: string) => {
      const r = await app.rest("POST", "/v1/registration/dexam", t.member, {
        ...dexamWireBody({ event: e, theory, practice: 0 }, world.club1, { firstname, type: "D1", practice_location_id: null }),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      await app.db.prisma.dexamRegistration.update({ where: { id: r.body.id }, data: { theoryPoints: 88 } });
      return r.body.id as number;
    };
    const publish = async (locationId: number, on: boolean) => {
      const l = (await app.rest("GET", `/v1/event/location/${locationId}`, t.admin)).body;
      const { event_id: _e, event: _ev, ...body } = l;
      const res = await app.rest("PUT", "/v1/event/location", t["role:event_manage"], { ...body, publish_results: on });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await reg("Ergebnis");
    await app.services.mail.flush();
    received = [];
    await publish(theory, true);
    await app.services.mail.flush();
    const mails = mailsTo(MEMBER);
    expect(mails.map((m) => m.subject)).toEqual(["Ergebnis der Theorieprüfung veröffentlicht: Ergebnis Klar (Ergebnisse)"]);
    expect(mails[0].text).toContain("Das Ergebnis der Theorieprüfung Ihrer Anmeldung wurde veröffentlicht.");
    // the points themselves stay in the system
    expect(mails[0].text).not.toContain("88");

    // switched off: no result mail (the setting shows in GraphQL and /v1)
    const off = await put(t.member, false);
    expect(off.body.errors).toBeUndefined();
    expect(off.body.data.updateViewer.resultMails).toBe(false);
    expect((await app.rest("GET", "/v1/user/0", t.member)).body.result_mails).toBe(false);
    await publish(theory, false);
    const rowsBefore = (await outboxRows()).length;
    await publish(theory, true);
    expect(await outboxRows()).toHaveLength(rowsBefore);
    // other mails still come; switched on again, result mails do too
    const on = await app.rest("PUT", "/v1/user", t.member, { ...(await app.rest("GET", "/v1/user/0", t.member)).body, id: 0, result_mails: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.result_mails).toBe(true);
    await publish(theory, false);
    await publish(theory, true);
    expect(await outboxRows()).toHaveLength(rowsBefore + 1);
  });

  it("a refused or rolled-back change writes no outbox row, and a change whose mail row fails is rolled back", async () => {
    const count = async () => (await outboxRows()).length;
    const before = await count();
    // refused: validation, another tenant, after the deadline
    expect((await app.rest("POST", "/v1/registration/dexam", t.member, dexamWireBody(dexam, world.club1, { firstname: "" }))).status).toBe(400);
    expect((await app.rest("POST", "/v1/registration/dexam", t.member2, dexamWireBody(dexam, world.club1))).status).toBe(404);
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, dexamWireBody(dexam, world.club1, { firstname: "Rollback" }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const afterCreate = await count();
    expect(afterCreate).toBe(before + 1);
    expect((await app.rest("DELETE", `/v1/registration/dexam/${id}`, t.member2)).status).toBe(404);
    const stale = await app.rest("PUT", "/v1/registration/dexam", t["role:registration_manage"], dexamWireBody(dexam, world.club1, { id, version: 99 }));
    expect(stale.status).toBe(409);
    expect(await count()).toBe(afterCreate);

    // the mail row cannot be written: the change goes with it (one transaction), nothing half done
    await app.db.prisma.$executeRawUnsafe(`CREATE FUNCTION refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no mail'; END $$`);
    await app.db.prisma.$executeRawUnsafe(`CREATE TRIGGER refuse_mail BEFORE INSERT ON "MailOutbox" FOR EACH ROW EXECUTE FUNCTION refuse_mail()`);
    try {
      const registrations = await app.db.prisma.dexamRegistration.count();
      expect((await app.rest("POST", "/v1/registration/dexam", t.member, dexamWireBody(dexam, world.club1, { firstname: "Nie" }))).status).toBe(500);
      expect(await app.db.prisma.dexamRegistration.count()).toBe(registrations);
      expect((await app.rest("DELETE", `/v1/registration/dexam/${id}`, t["role:registration_manage"])).status).toBe(500);
      expect(await app.db.prisma.dexamRegistration.findUnique({ where: { id } })).not.toBeNull();
    } finally {
      await app.db.prisma.$executeRawUnsafe(`DROP TRIGGER refuse_mail ON "MailOutbox"`);
      await app.db.prisma.$executeRawUnsafe(`DROP FUNCTION refuse_mail()`);
    }
    expect(await count()).toBe(afterCreate);
  });

  it("a registration created by a user who is deleted before sending takes its unsent mail with it", async () => {
    await stopSmtp();
    try {
      const target = await app.db.prisma.user.create({
        data: {
          subject: "sub-leaving",
          email: "leaving@test.example",
          firstname: "Lea",
          lastname: "Geht",
          districtAssociationId: world.district1,
          phone: "+49711",
          street: "Weg 1",
          postcode: "70173",
          city: "Stadt",
          associations: { create: [{ associationId: world.club1 }] },
        },
      });
      const token = await app.token("sub-leaving");
      expect((await app.rest("POST", "/v1/registration/dexam", token, dexamWireBody(dexam, world.club1))).status).toBe(201);
      await app.services.mail.flush();
      expect(await app.db.prisma.mailOutbox.count({ where: { userId: target.id, sentAt: null } })).toBe(1);
      expect((await app.rest("DELETE", "/v1/user/0", token)).status).toBe(204);
      expect(await app.db.prisma.mailOutbox.count({ where: { userId: target.id } })).toBe(0);
    } finally {
      await startSmtp();
    }
  });

  /** PUT /v1/event/location with `change` applied to the location as read (the event manager of district 1). */
  const putLocation = async (locationId: number, change: Record<string, unknown>) => {
    const { event_id: _e, event: _ev, ...body } = (await app.rest("GET", `/v1/event/location/${locationId}`, t.admin)).body;
    const res = await app.rest("PUT", "/v1/event/location", t["role:event_manage"], { ...body, ...change });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it("publishing theory and practice separately mails once per part, naming it; a result entered after publication mails on its own", async () => {
    const ev = await dexamEventWithLocations(app.db.prisma, world.district1, "Teile");
    const create = async (firstname: string) => {
      const r = await app.rest("POST", "/v1/registration/dexam", t.member, dexamWireBody(ev, world.club1, { firstname }));
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.id as number;
    };
    const day = { start: new Date("2027-03-13T08:00:00Z"), end: new Date("2027-03-13T12:00:00Z") };
    await app.db.prisma.eventLocation.updateMany({ where: { id: { in: [ev.theory, ev.practice] } }, data: day });
    const early = await create("Früh");
    const late = await create("Spät");
    await app.db.prisma.dexamRegistration.update({ where: { id: early }, data: { theoryPoints: 80, practicePoints: 90 } });
    await app.services.mail.flush();
    received = [];
    // what publishing concerns, counted by the rule that mails (for the confirmation before publishing)
    expect(await countResultMails(app.db.prisma, ev.theory)).toEqual({ registrations: 1, mails: 1 });
    await putLocation(ev.theory, { publish_results: true });
    expect(await countResultMails(app.db.prisma, ev.theory)).toEqual({ registrations: 0, mails: 0 });
    await app.services.mail.flush();
    expect(mailsTo(MEMBER).map((m) => m.subject)).toEqual(["Ergebnis der Theorieprüfung veröffentlicht: Früh Klar (Teile)"]);
    received = [];
    await putLocation(ev.practice, { publish_results: true });
    await app.services.mail.flush();
    const practice = mailsTo(MEMBER);
    expect(practice.map((m) => m.subject)).toEqual(["Ergebnis der Praxisprüfung veröffentlicht: Früh Klar (Teile)"]);
    expect(practice[0].text).toContain("Das Ergebnis der Praxisprüfung Ihrer Anmeldung wurde veröffentlicht.");
    received = [];
    // entered after the theory location published: its own mail; entered again unchanged: none
    const url = `/v1/registration/dexam/${late}/location/${ev.theory}/theory_result`;
    expect((await app.rest("PUT", url, t["role:results_manage"], { theory_points: 71.5 })).status).toBe(200);
    await app.services.mail.flush();
    expect(mailsTo(MEMBER).map((m) => m.subject)).toEqual(["Ergebnis der Theorieprüfung veröffentlicht: Spät Klar (Teile)"]);
    expect(mailsTo(MEMBER)[0].text).not.toMatch(/71[,.]5/); // the points are not in the mail
    const rows = (await outboxRows()).length;
    expect((await app.rest("PUT", url, t["role:results_manage"], { theory_points: 71.5 })).status).toBe(200);
    expect(await outboxRows()).toHaveLength(rows);
  });

  it("a competition result read from PC Juror after every location published mails on its own; read again unchanged, none", async () => {
    const event = await competitionEventWithHall(app.db.prisma, world.district1);
    const band = await app.rest("POST", "/v1/registration/competition", t.member, competitionWireBody(event, world.club1, { name: "Spätkapelle" }));
    expect(band.status, JSON.stringify(band.body)).toBe(201);
    await app.db.prisma.eventLocation.updateMany({ where: { eventId: event }, data: { publishResults: true } });
    await app.services.mail.flush();
    received = [];
    const file = await pcJurorWorkbook(["Anmelde-ID", "Punkte", "Prädikat"], [[band.body.id, 88.5, "mit gutem Erfolg"]]);
    const juror = () =>
      upload(app, `/v1/registration/competition/event/${event}/pc_juror`, t["role:results_manage"], "file", [{ name: "pcjuror.xlsm", data: file }]);
    expect((await juror()).status).toBe(200);
    await app.services.mail.flush();
    expect(mailsTo(MEMBER).map((m) => m.subject)).toEqual(["Ergebnisse veröffentlicht: Spätkapelle (Wertungsspiele)"]);
    const rows = (await outboxRows()).length;
    expect((await juror()).status).toBe(200);
    expect(await outboxRows()).toHaveLength(rows);
  });

  it("a location's new time or address mails each live registration's registering user once, naming old and new", async () => {
    const ev = await dexamEventWithLocations(app.db.prisma, world.district1, "Umzug");
    await app.db.prisma.eventLocation.update({
      where: { id: ev.theory },
      data: { street: "Lindenweg 3", postcode: "70173", city: "Stuttgart", start: new Date("2027-03-13T08:00:00Z"), end: new Date("2027-03-13T12:00:00Z") },
    });
    const live = await app.rest("POST", "/v1/registration/dexam", t.member, dexamWireBody(ev, world.club1, { firstname: "Bleibt" }));
    const gone = await app.rest("POST", "/v1/registration/dexam", t.member, dexamWireBody(ev, world.club1, { firstname: "Storniert" }));
    expect([live.status, gone.status]).toEqual([201, 201]);
    await app.db.prisma.dexamRegistration.update({ where: { id: gone.body.id }, data: { cancelledAt: new Date() } });
    await app.services.mail.flush();
    received = [];
    const { address } = (await app.rest("GET", `/v1/event/location/${ev.theory}`, t.admin)).body;
    await putLocation(ev.theory, { start: "2027-03-13T09:00:00Z", end: "2027-03-13T13:00:00Z", address: { ...address, street: "Marktplatz 1" } });
    await app.services.mail.flush();
    const mails = mailsTo(MEMBER);
    expect(mails.map((m) => m.subject)).toEqual(["Termin oder Ort geändert: Bleibt Klar (Umzug)"]);
    for (const body of [mails[0].text, mails[0].html]) {
      expect(body).toContain("Bei Ihrer D-Prüfungsanmeldung hat sich ein Termin oder Ort geändert:");
      expect(body).toContain("Theorieprüfung Theorie: Termin");
      expect(body).toContain("bisher: Sa., 13.03.2027, 09:00 – 13:00 Uhr");
      expect(body).toContain("neu: Sa., 13.03.2027, 10:00 – 14:00 Uhr");
      expect(body).toContain("Theorieprüfung Theorie: Ort");
      expect(body).toContain("bisher: Theorie, Lindenweg 3, 70173 Stuttgart");
      expect(body).toContain("neu: Theorie, Marktplatz 1, 70173 Stuttgart");
    }
    // a change that moves nothing (the instruments, say) mails nobody
    const rows = (await outboxRows()).length;
    await putLocation(ev.theory, { publish_results: false, dexam_types: ["D1", "D2"] });
    expect(await outboxRows()).toHaveLength(rows);
  });

  it("staff registering for a club (by phone) send the confirmation to the club's accounts, not to themselves", async () => {
    const staff = "role-registration_manage@test.example";
    const res = await app.rest("POST", "/v1/registration/dexam", t["role:registration_manage"], dexamWireBody(dexam, world.club1, { firstname: "Telefon" }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await app.services.mail.flush();
    expect(mailsTo(staff)).toEqual([]);
    for (const account of [MEMBER, "target@test.example"])
      expect(mailsTo(account).map((m) => m.subject)).toEqual(["Anmeldung eingegangen: Telefon Klar (D-Prüfungen)"]);
    // a competition registration goes the same way
    received = [];
    const band = await app.rest(
      "POST",
      "/v1/registration/competition",
      t["role:registration_manage"],
      competitionWireBody(competition, world.club1, { name: "Telefonkapelle" }),
    );
    expect(band.status, JSON.stringify(band.body)).toBe(201);
    await app.services.mail.flush();
    expect(mailsTo(staff)).toEqual([]);
    expect(mailsTo(MEMBER).map((m) => m.subject)).toEqual(["Anmeldung eingegangen: Telefonkapelle (Wertungsspiele)"]);
  });

  it("assigning an account to a club mails the club's other accounts naming who did it; the club's history shows it", async () => {
    const newcomer = await app.db.prisma.user.create({
      data: { subject: "sub-newcomer", email: "newcomer@test.example", firstname: "Nora", lastname: "Neu", districtAssociationId: world.district1 },
    });
    const res = await app.rest("PUT", `/v1/user/${newcomer.id}/associations`, t["role:user_manage"], { association_ids: [world.club1] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await app.services.mail.flush();
    for (const account of [MEMBER, "target@test.example"]) {
      const mails = mailsTo(account);
      expect(mails.map((m) => m.subject)).toEqual(["Neues Konto für MV Eins: Nora Neu"]);
      for (const body of [mails[0].text, mails[0].html]) {
        expect(body).toContain("role:user_manage Test hat das Konto von Nora Neu dem Verein MV Eins zugeordnet.");
        expect(body).toContain("https://e.test/1/impressum");
      }
    }
    expect(mailsTo("newcomer@test.example")).toEqual([]);
    expect(mailsTo("role-user_manage@test.example")).toEqual([]);
    const history = await app.gql(
      `query($id: ID!) { auditTrail(id: $id, first: 5) { edges { node { actionLabel actorName changes { label before after } } } } }`,
      { id: gid("Association", world.club1) },
      t["role:association_manage"],
    );
    expect(history.body.errors).toBeUndefined();
    expect(history.body.data.auditTrail.edges[0].node).toEqual({
      actionLabel: "Konto zugeordnet",
      actorName: "role:user_manage Test",
      changes: [{ label: "Konten", before: "–", after: "Nora Neu" }],
    });
    // assigned again (unchanged): nobody is told twice
    received = [];
    expect((await app.rest("PUT", `/v1/user/${newcomer.id}/associations`, t["role:user_manage"], { association_ids: [world.club1] })).status).toBe(200);
    await app.services.mail.flush();
    expect(received).toEqual([]);
  });
});
