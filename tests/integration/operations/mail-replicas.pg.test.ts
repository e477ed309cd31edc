// Several replicas send the confirmation e-mails of one PostgreSQL (mail/outbox.ts): each sender
// claims due rows with FOR UPDATE SKIP LOCKED and moves them on by its lease in the same statement,
// so two senders on two connections, flushing at the same time, deliver every row exactly once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../../server/src/db/client.ts";
import { mailSender } from "../../../server/src/mail/outbox.ts";
import type { RegistrationFacts } from "../../../server/src/mail/registrationMail.ts";
import { logOutbox, type Outbox } from "../../../server/src/mail/transport.ts";
import { testDatabase } from "../../support/db.ts";

let first: Database & { url: string };
let second: Database;

beforeAll(async () => {
  first = await testDatabase();
  second = await openDatabase(first.url, { migrate: false });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const facts: RegistrationFacts = {
  registration: "dexam",
  id: 1,
  event: "D-Prüfungen",
  district: { name: "KV", imprint: "https://e.test/impressum", privacy: "https://e.test/datenschutz" },
  club: "MV",
  participant: "Lena Klar",
  course: "D2, Klarinette",
  locations: [],
  pieces: [],
};

/** A log outbox whose deliveries yield to the event loop, so the two senders' rounds interleave. */
function slowOutbox(): Outbox {
  const log = logOutbox(true);
  return { ...log, deliver: async (mail) => new Promise<void>((resolve) => setImmediate(() => resolve(log.deliver(mail)))) };
}

describe("confirmation e-mails with several replicas", () => {
  it("two senders on two connections deliver each outbox row exactly once", async () => {
    const d = await first.prisma.districtAssociation.create({
      data: { name: "KV", iamRef: "kv", gdprLink: "https://e.test/d", impressLink: "https://e.test/i" },
    });
    const u = await first.prisma.user.create({ data: { email: "lena@test.example", firstname: "Lena", lastname: "Klar", districtAssociationId: d.id } });
    const n = 60;
    await first.prisma.mailOutbox.createMany({ data: Array.from({ length: n }, () => ({ userId: u.id, kind: "created", payload: facts })) });
    const outboxes = [slowOutbox(), slowOutbox()];
    const senders = [first, second].map((db, i) => mailSender({ sql: db.read, outbox: outboxes[i], publicUrl: "http://localhost", retrySeconds: 60 }));
    try {
      const sent = await Promise.all([senders[0].flush(), senders[1].flush(), senders[0].flush(), senders[1].flush()]);
      const ids = outboxes.flatMap((o) => o.sent.map((m) => m.messageId));
      expect(ids).toHaveLength(n);
      expect(new Set(ids).size).toBe(n);
      expect(sent[0] + sent[1]).toBe(n);
      expect(await first.prisma.mailOutbox.count({ where: { sentAt: null } })).toBe(0);
      expect(await first.prisma.mailOutbox.count({ where: { attempts: { not: 1 } } })).toBe(0);
    } finally {
      await Promise.all(senders.map((s) => s.close()));
    }
  });
});
