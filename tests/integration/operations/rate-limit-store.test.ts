// The rate-limit store in the database (server/src/http/rateLimitStore.ts), on PGlite and on
// PostgreSQL: counts a fixed window per key, starts a new one once it has passed, never loses a
// hit of requests counted at once (one atomic upsert each), and deletes the rows of passed windows.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/src/db/client.ts";
import { postgresStore, rowKeyOf } from "../../../server/src/http/rateLimitStore.ts";
import { testDatabase } from "../../support/db.ts";

let db: Database;
let store: InstanceType<ReturnType<typeof postgresStore>>;
const dataKey = crypto.randomBytes(32);
const rowKey = rowKeyOf(dataKey);
beforeAll(async () => {
  db = await testDatabase();
  store = new (postgresStore(db.prisma, dataKey))();
});
afterAll(() => db.close());

const incr = (key: string, windowMs = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (e, r) => (e || !r ? reject(e) : resolve(r)), windowMs));
const read = (key: string) => new Promise<{ current: number; ttl: number }>((resolve, reject) => store.read(key, (e, r) => (e || !r ? reject(e) : resolve(r))));

describe("rate-limit store in the database", () => {
  it("counts a key's hits in its window, with the milliseconds left; keys are independent", async () => {
    const first = await incr("mutations:a");
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(50_000);
    expect(first.ttl).toBeLessThanOrEqual(60_000);
    expect((await incr("mutations:a")).current).toBe(2);
    expect((await incr("mutations:a")).current).toBe(3);
    expect((await incr("uploads:a")).current).toBe(1);
    expect((await read("mutations:a")).current).toBe(3); // a read counts nothing
    expect((await read("mutations:a")).current).toBe(3);
    expect(await read("mutations:nobody")).toEqual({ current: 0, ttl: 0 });
  });

  it("a passed window starts anew at 1 with a whole window", async () => {
    for (let i = 0; i < 5; i++) await incr("mutations:b");
    await db.prisma.rateLimitCounter.update({ where: { key: rowKey("mutations:b") }, data: { resetAt: BigInt(Date.now() - 1000) } });
    expect(await read("mutations:b")).toEqual({ current: 0, ttl: 0 });
    const next = await incr("mutations:b");
    expect(next.current).toBe(1);
    expect(next.ttl).toBeGreaterThan(50_000);
  });

  it("hits counted at once are each counted exactly once (one atomic upsert per hit)", async () => {
    const counts = await Promise.all(Array.from({ length: 40 }, () => incr("mutations:c")));
    expect(counts.map((c) => c.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it("rows of passed windows are deleted (at most once a minute per process, with a hit)", async () => {
    await db.prisma.rateLimitCounter.create({ data: { key: "old:1", hits: 9, resetAt: BigInt(Date.now() - 120_000) } });
    const fresh = new (postgresStore(db.prisma, dataKey))(); // its first hit sweeps
    await new Promise<void>((resolve, reject) => fresh.incr("mutations:d", (e) => (e ? reject(e) : resolve()), 60_000));
    for (let i = 0; i < 50 && (await db.prisma.rateLimitCounter.count({ where: { key: "old:1" } })) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await db.prisma.rateLimitCounter.count({ where: { key: "old:1" } })).toBe(0);
    expect(await db.prisma.rateLimitCounter.count({ where: { key: rowKey("mutations:d") } })).toBe(1);
  });

  it("the table holds the limit's name and a keyed hash, never the e-mail address or client address of the key", async () => {
    await incr("signin-account:anna.beispiel@verein.example");
    await incr("signin:ip:203.0.113.7");
    const keys = (await db.prisma.rateLimitCounter.findMany({ select: { key: true } })).map((r) => r.key);
    expect(
      keys.some((k) => /anna|verein|203\.0\.113/.test(k)),
      keys.join("\n"),
    ).toBe(false);
    expect(keys).toContain(rowKey("signin-account:anna.beispiel@verein.example"));
    expect(rowKey("signin-account:anna.beispiel@verein.example")).toMatch(/^signin-account:[0-9a-f]{64}$/);
    // keyed: the plain SHA-256 of a guessed address does not find its row, another data key gives another row
    const guess = crypto.createHash("sha256").update("signin-account:anna.beispiel@verein.example").digest("hex");
    expect(keys.some((k) => k.endsWith(guess))).toBe(false);
    expect(rowKeyOf(crypto.randomBytes(32))("signin-account:anna.beispiel@verein.example")).not.toBe(rowKey("signin-account:anna.beispiel@verein.example"));
  });
});
