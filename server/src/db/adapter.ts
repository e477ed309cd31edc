// DATABASE_URL -> Prisma driver adapter:
//   postgresql://... -> @prisma/adapter-pg (a real server)
//   pglite:./dir     -> in-process PGlite persisted to a directory (the embedded default)
//   pglite:memory    -> throw-away in-memory PGlite (tests)
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg, { type PoolConfig } from "pg";
import { parse as parsePgUrl } from "pg-connection-string";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { awaitScripts, pgliteShadowDb, wholeScripts } from "../../../prisma/adapter-scripts.mjs";
import { Prisma } from "../generated/prisma/client.ts";

// Migration scripts run whole, a failure surfacing as the adapter's error (prisma/adapter-scripts.mjs,
// shared with the schema engine stand-in).

/** adapter-pg for the schema engine (migrations): whole scripts, also on a shadow database. */
export class MigrationPg extends PrismaPg {
  override async connect() {
    return wholeScripts(await super.connect());
  }
  override async connectToShadowDb() {
    return wholeScripts(await super.connectToShadowDb());
  }
}

export class PGliteAdapterFactory extends PrismaPGlite {
  constructor(readonly db: PGlite) {
    super(db);
  }
  override async connect() {
    return awaitScripts(await super.connect(), this.db);
  }
  override async connectToShadowDb() {
    return pgliteShadowDb(PGlite, PrismaPGlite);
  }
}

/**
 * A statement without Prisma's query interpretation: plain SQL through the same pool (PostgreSQL,
 * prepared like Prisma's statements) or the same PGlite. For the principal's row on every request
 * (auth/authenticate.ts), where Prisma's interpretation cost about three times the driver's own
 * work, and for what runs beside Prisma: the mail sender's claims (mail/outbox.ts) and the pending
 * migrations of /readyz and admin:create (db/migrate.ts). Values are typed as Prisma's `$queryRaw` types them:
 * `timestamp` (the schema stores UTC) and `date` as Date, `numeric` as Prisma.Decimal, `int8` as
 * bigint, json parsed, bytea as bytes; parameters likewise (Date, Uint8Array, Decimal, bigint).
 * Enum arrays must be cast to `text[]` in the SQL (they would arrive as text).
 */
export type RawRead = <T>(sql: string, values: readonly unknown[]) => Promise<T[]>;

/** PostgreSQL type oids the raw reads parse as Prisma does. */
const OID = { int8: 20, date: 1082, timestamp: 1114, numeric: 1700 } as const;
const utcTimestamp = (v: string) => new Date(`${v.replace(" ", "T")}Z`);
const utcDate = (v: string) => new Date(`${v}T00:00:00Z`);
const PARSERS: Record<number, (v: string) => unknown> = {
  [OID.int8]: (v) => BigInt(v),
  [OID.date]: utcDate,
  [OID.timestamp]: utcTimestamp,
  [OID.numeric]: (v) => new Prisma.Decimal(v),
};
const pgTypes = {
  getTypeParser: ((oid: number, format?: string) =>
    PARSERS[oid] && format !== "binary" ? PARSERS[oid] : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

/** A parameter as both drivers take it: instants as ISO text (UTC), bytes as a Buffer, numbers as text. */
export function rawParam(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (v instanceof Uint8Array && !Buffer.isBuffer(v)) return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  if (v instanceof Prisma.Decimal || typeof v === "bigint") return v.toString();
  return v;
}

export type AdapterHandle =
  | { kind: "pglite"; factory: PGliteAdapterFactory; pglite: PGlite; read: RawRead; close(): Promise<void> }
  | { kind: "pg"; factory: PrismaPg; read: RawRead; close(): Promise<void>; pool(): PoolStats };

/** The pool's connections now (/metrics): all, idle, and the requests waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number };

export function pgPoolConfig(url: string): PoolConfig {
  // discrete fields rather than a connectionString: adapter-pg's shadow-database logic spreads
  // the config and a connectionString would override `database`
  return { ...(parsePgUrl(url) as PoolConfig), max: 10, connectionTimeoutMillis: 5000 };
}

/**
 * Named prepared statements: each connection parses and plans a statement once and then
 * only binds and executes it, which saves PostgreSQL's work and a protocol message per query. The
 * name is a hash of the SQL text, so equal statements share it. Off for poolers that do not keep
 * prepared statements (PgBouncer in transaction mode before 1.21): DATABASE_PREPARED_STATEMENTS=0.
 */
export const statementName = (query: { sql: string }): string => {
  let name = statementNames.get(query.sql);
  if (name !== undefined || statementNames.has(query.sql)) return name as string;
  // a text with several commands cannot be prepared (PostgreSQL refuses it): it goes unnamed.
  // (the adapter's type wants a string; pg sends a query with an undefined name unprepared)
  name = query.sql.includes(";") ? undefined : `a${createHash("sha1").update(query.sql).digest("hex").slice(0, 24)}`;
  // the texts of a running server are few (Prisma's and ours); hashed once each, the first STATEMENT_NAMES_MAX kept
  if (statementNames.size < STATEMENT_NAMES_MAX) statementNames.set(query.sql, name);
  return name as string;
};
const STATEMENT_NAMES_MAX = 5_000;
const statementNames = new Map<string, string | undefined>();

export function adapterFromUrl(
  url: string,
  { preparedStatements = true, statementTimeoutMs = 0 }: { preparedStatements?: boolean; statementTimeoutMs?: number } = {},
): AdapterHandle {
  if (url.startsWith("pglite:")) {
    const loc = url.slice("pglite:".length);
    let db: PGlite;
    if (loc === "memory" || loc === "") db = new PGlite();
    else {
      fs.mkdirSync(path.dirname(path.resolve(loc)), { recursive: true }); // PGlite's mkdir is not recursive
      db = new PGlite(loc);
    }
    return adapterFromPglite(db);
  }
  // our pool, shared with Prisma: the hot-path reads (`read`) use it directly
  // statement_timeout: PostgreSQL cancels a statement of a request that runs longer
  // (SQLSTATE 57014, answered as 503 TIMEOUT: db/unavailable.ts); sent as a start-up parameter of
  // each connection. The migrations' pool (migrate.ts) has none.
  const pool = new pg.Pool({ ...pgPoolConfig(url), ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}) });
  const factory = new PrismaPg(pool, preparedStatements ? { statementNameGenerator: statementName } : {});
  const read: RawRead = async <T>(sql: string, values: readonly unknown[]) =>
    (
      await pool.query({
        text: sql,
        values: values.map(rawParam),
        types: pgTypes,
        ...(preparedStatements ? { name: statementName({ sql }) } : {}),
      })
    ).rows as T[];
  return {
    kind: "pg",
    factory,
    read,
    close: () => pool.end(),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

export function adapterFromPglite(db: PGlite): AdapterHandle {
  const read: RawRead = async <T>(sql: string, values: readonly unknown[]) => (await db.query<T>(sql, values.map(rawParam), { parsers: PARSERS })).rows;
  return { kind: "pglite", factory: new PGliteAdapterFactory(db), pglite: db, read, close: () => db.close() };
}
