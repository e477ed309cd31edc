// PostgreSQL only (runs when TEST_DATABASE_URL is set): the request pool's statement timeout
// (DATABASE_STATEMENT_TIMEOUT_MS). A statement that runs longer is cancelled by
// PostgreSQL and the request answers 503 TIMEOUT with a German message instead of holding pooled
// connections; expensive reads held up in the database count against the caller's limit
// (RATE_LIMIT_CONCURRENT_QUERIES) until they answer.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../server/src/config.ts";
import { databaseFault, STATEMENT_TIMEOUT_MESSAGE } from "../../../server/src/db/unavailable.ts";
import { CONCURRENCY_MESSAGE } from "../../../server/src/http/rateLimit.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { testDatabase } from "../../support/db.ts";
import { gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

// long enough that two lists are surely running (and holding their slots) before the third is
// sent on a loaded CI machine; every verdict below is behavioural (an answer, a code), none a wall clock
const TIMEOUT_MS = 2000;
let app: TestApp;
let world: World;
let staff: string;
let event: number;

beforeAll(async () => {
  const db = await testDatabase({ statementTimeoutMs: TIMEOUT_MS });
  app = await startTestApp({ db, env: { RATE_LIMIT_CONCURRENT_QUERIES: "2" } });
  world = await createWorld(app.db.prisma);
  staff = await app.token(world.subjects["role:registration_manage"]);
  event = (await app.db.prisma.event.create({ data: { ...openEventFields(world.district1), name: "D", formType: "DEXAM" } })).id;
});
afterAll(async () => {
  await app.stop();
  await app.db.close();
});

const LIST = `query($e: ID!) { dexamRegistrations(eventId: $e, first: 10) { totalCount edges { node { id } } } }`;

/** Holds an exclusive lock on the registrations table (another connection) while `during` runs: their reads wait. */
async function whileLocked<T>(during: () => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: app.db.url });
  await c.connect();
  try {
    await c.query(`BEGIN; LOCK TABLE "DexamRegistration" IN ACCESS EXCLUSIVE MODE`);
    return await during();
  } finally {
    await c.query("ROLLBACK");
    await c.end();
  }
}

describe("statement timeout of the request pool", () => {
  it("[R-ER004] is on by default (15 s), configurable and 0 switches it off", () => {
    expect(loadConfig({}).databaseStatementTimeoutMs).toBe(15_000);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "250" }).databaseStatementTimeoutMs).toBe(250);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "0" }).databaseStatementTimeoutMs).toBe(0);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "soon" })).toThrow(/^DATABASE_STATEMENT_TIMEOUT_MS: must be a whole number/);
  });

  it("[R-ER004] a slow statement (Prisma and the raw reads) is cancelled after the timeout and maps to TIMEOUT", async () => {
    for (const run of [() => app.db.prisma.$queryRawUnsafe("SELECT pg_sleep(5)"), () => app.db.read("SELECT pg_sleep(5)", [])]) {
      // pg_sleep(5) ends without an error unless it is cancelled
      const error = await run().then(
        () => null,
        (e) => e,
      );
      expect(databaseFault(error)).toMatchObject({ code: "TIMEOUT", status: 503, message: STATEMENT_TIMEOUT_MESSAGE });
    }
    // the pool's connections are fine afterwards
    expect(await app.db.read<{ one: number }>("SELECT 1 AS one", [])).toEqual([{ one: 1 }]);
  });

  it("[R-API057][R-ER004] a list held up in the database answers 503 TIMEOUT (German) on GraphQL and /v1 instead of hanging", async () => {
    await whileLocked(async () => {
      // the lock is held until this block ends: an answer at all means the read was cancelled
      const gql = await app.gql(LIST, { e: gid("Event", event) }, staff);
      expect(gql.body.errors?.[0]).toMatchObject({ message: STATEMENT_TIMEOUT_MESSAGE, extensions: { code: "TIMEOUT" } });
      const rest = await app.rest("GET", `/v1/registrations/event/${event}/dexam`, staff);
      expect(rest.status).toBe(503);
      expect(rest.body).toEqual({ error: { code: "TIMEOUT", message: STATEMENT_TIMEOUT_MESSAGE } });
    });
    expect((await app.gql(LIST, { e: gid("Event", event) }, staff)).body.errors).toBeUndefined();
  });

  it("[R-API057][R-ER004] lists running in the database hold the caller's slots: one more is refused at once with 429, and after the answers the slots are free", async () => {
    const subject = world.subjects["role:registration_manage"];
    await whileLocked(async () => {
      const running = [app.gql(LIST, { e: gid("Event", event) }, staff), app.rest("GET", `/v1/registrations/event/${event}/dexam`, staff)];
      await expect.poll(() => app.expensiveReads.running(subject), { timeout: TIMEOUT_MS, interval: 10 }).toBe(2);
      // refused, not queued: a third that waited for a slot would run and answer TIMEOUT or data
      const third = await app.gql(LIST, { e: gid("Event", event) }, staff);
      expect(third.status).toBe(429);
      expect(third.body.errors?.[0]).toMatchObject({ message: CONCURRENCY_MESSAGE, extensions: { code: "RATE_LIMITED" } });
      await Promise.all(running);
    });
    expect(app.expensiveReads.running(subject)).toBe(0);
    expect((await app.gql(LIST, { e: gid("Event", event) }, staff)).body.errors).toBeUndefined();
  });
});
