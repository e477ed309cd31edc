// @fastify/rate-limit's store in PostgreSQL (the same table on the embedded PGlite): one row per
// limit and caller, counted in a fixed window. The row's key is the limit's name and a keyed hash
// of the whole key ("signin-account:<hmac>" for "signin-account:<e-mail>"; crypto/keyedHash.ts): the
// table holds no e-mail address, client address or subject.
// Each request is one statement, an upsert that starts a new window when the old one has passed
// and otherwise adds one, and returns the count and the milliseconds left: atomic, so replicas
// counting the same key at once never lose a hit. The window runs on the database's clock (one
// clock for every replica). Rows whose window has passed carry nothing; each process deletes them
// at most once a minute.
import type { DataKey } from "../crypto/aead.ts";
import { keyedHash } from "../crypto/keyedHash.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** the database's clock in milliseconds since the epoch, fixed for the statement */
const NOW_MS = `(extract(epoch FROM statement_timestamp()) * 1000)::bigint`;

const INCR = `
INSERT INTO "RateLimitCounter" AS c ("key", "hits", "resetAt")
VALUES ($1, 1, ${NOW_MS} + $2::bigint)
ON CONFLICT ("key") DO UPDATE SET
  "hits" = CASE WHEN c."resetAt" <= ${NOW_MS} THEN 1 ELSE LEAST(c."hits", 2147483646) + 1 END,
  "resetAt" = CASE WHEN c."resetAt" <= ${NOW_MS} THEN EXCLUDED."resetAt" ELSE c."resetAt" END
RETURNING "hits"::int AS current, GREATEST(0, "resetAt" - ${NOW_MS})::int AS ttl`;

const READ = `SELECT "hits"::int AS current, GREATEST(0, "resetAt" - ${NOW_MS})::int AS ttl FROM "RateLimitCounter" WHERE "key" = $1 AND "resetAt" > ${NOW_MS}`;

const SWEEP = `DELETE FROM "RateLimitCounter" WHERE "resetAt" <= ${NOW_MS}`;

const SWEEP_EVERY_MS = 60_000;

/** The row key of a limiter's key: the limit's name (before the first ":") and the keyed hash of the whole key. */
export function rowKeyOf(dataKey: DataKey): (key: string) => string {
  const hash = keyedHash(dataKey, "rate-limit");
  return (key) => `${key.split(":", 1)[0]}:${hash(key)}`;
}

/** The store class for @fastify/rate-limit's `store` option, bound to one database and the data key. */
export function postgresStore(prisma: PrismaClient, dataKey: DataKey) {
  const rowKey = rowKeyOf(dataKey);
  let lastSweep = 0;
  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    prisma.$executeRawUnsafe(SWEEP).catch(() => {
      lastSweep = 0; // try again with the next hit
    });
  };
  return class PostgresStore {
    incr(key: string, cb: Callback, timeWindow: number) {
      sweep();
      prisma.$queryRawUnsafe<{ current: number; ttl: number }[]>(INCR, rowKey(key), timeWindow).then(
        (rows) => cb(null, rows[0]),
        (e) => cb(e as Error),
      );
    }
    read(key: string, cb: Callback) {
      prisma.$queryRawUnsafe<{ current: number; ttl: number }[]>(READ, rowKey(key)).then(
        (rows) => cb(null, rows[0] ?? { current: 0, ttl: 0 }),
        (e) => cb(e as Error),
      );
    }
    child() {
      return this; // one table for every limit: the keys carry the limit's name
    }
  };
}
