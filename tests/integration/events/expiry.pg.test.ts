// PostgreSQL only (the PostgreSQL pass): the leases of the periodic jobs (the automatic deletion, the provider's cleanup) hold across servers.
// Another server holding the lease (simulated by a second connection holding the advisory lock
// in an open transaction) makes this round skip, deleting nothing; once it is released the
// next round deletes.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/src/db/client.ts";
import { deleteExpiredEvents, EXPIRY_LEASE } from "../../../server/src/domains/events/expiry.ts";
import { REMINDER_LEASE, sendReminders } from "../../../server/src/domains/invoices/reminders.ts";
import { deleteExpiredOidcRows, OIDC_CLEANUP_LEASE } from "../../../server/src/idp/adapter.ts";
import { testDatabase } from "../../support/db.ts";
import { expiredEvent } from "../../support/fixtures.ts";

let db: Database & { url: string };
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(() => db.close());

describe("automatic deletion lease", () => {
  it("a round skips (null, nothing deleted) while another server holds the lease, and deletes once it is free", async () => {
    const district = await db.prisma.districtAssociation.create({
      data: { name: "KV Lease", iamRef: "kv-lease", gdprLink: "https://example.org/dsgvo", impressLink: "https://example.org/impressum" },
    });
    const event = await expiredEvent(db.prisma, district.id);
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query("SELECT pg_advisory_xact_lock($1::bigint)", [EXPIRY_LEASE]);
      expect(await deleteExpiredEvents(db.prisma, new Date())).toBeNull();
      expect(await db.prisma.event.count({ where: { id: event.id } })).toBe(1);
      await other.query("COMMIT"); // the other server's round ends: lease released
      expect(await deleteExpiredEvents(db.prisma, new Date())).toMatchObject({ events: 1 });
      expect(await db.prisma.event.count({ where: { id: event.id } })).toBe(0);
    } finally {
      await other.end();
    }
  });

  it("the provider's hourly cleanup holds a lease of its own: skipped (false, nothing deleted) while another server runs it", async () => {
    const expired = { id: "expired-session", type: "Session", payload: {}, expiresAt: new Date(Date.now() - 1000) };
    await db.prisma.oidcPayload.create({ data: expired });
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query("SELECT pg_advisory_xact_lock($1::bigint)", [OIDC_CLEANUP_LEASE]);
      expect(await deleteExpiredOidcRows(db.prisma)).toBe(false);
      expect(await db.prisma.oidcPayload.count({ where: { id: expired.id } })).toBe(1);
      await other.query("COMMIT");
      expect(await deleteExpiredOidcRows(db.prisma)).toBe(true);
      expect(await db.prisma.oidcPayload.count({ where: { id: expired.id } })).toBe(0);
    } finally {
      await other.end();
    }
  });

  it("the reminder round of open invoices holds a lease of its own: skipped (null) while another server runs it", async () => {
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query("SELECT pg_advisory_xact_lock($1::bigint)", [REMINDER_LEASE]);
      expect(await sendReminders(db.prisma, new Date())).toBeNull();
      await other.query("COMMIT");
      expect(await sendReminders(db.prisma, new Date())).toMatchObject({ sent: expect.any(Number) });
    } finally {
      await other.end();
    }
  });
});
