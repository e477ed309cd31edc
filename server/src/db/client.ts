// Opens the database named by DATABASE_URL (or an existing PGlite) as a Prisma client.
import type { PGlite } from "@electric-sql/pglite";
import { PrismaClient } from "../generated/prisma/client.ts";
import { type AdapterHandle, adapterFromPglite, adapterFromUrl, type PoolStats, type RawRead } from "./adapter.ts";
import { applyMigrations } from "./migrate.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";

export type Database = {
  prisma: PrismaClient;
  /** plain SQL past Prisma for the per-request hot path (db/adapter.ts RawRead) */
  read: RawRead;
  kind: "pg" | "pglite";
  /** PostgreSQL: the pool's connections now (/metrics); absent for PGlite (one connection) */
  pool?: () => PoolStats;
  close(): Promise<void>;
};

export type OpenOptions = {
  migrate?: boolean;
  /** PostgreSQL only: how long to keep retrying while the server cannot be reached (start-up) */
  waitSeconds?: number;
  /** where the retries are reported (main: stderr) */
  log?: (line: string) => void;
  /** PostgreSQL only: named prepared statements (db/adapter.ts statementName); default on */
  preparedStatements?: boolean;
  /** PostgreSQL only: statement_timeout of the pool's connections in ms (db/adapter.ts); 0 or absent: none */
  statementTimeoutMs?: number;
};

/** Waits until `SELECT 1` answers, retrying every 1-5 s while the database is unreachable. */
async function waitForDatabase(prisma: PrismaClient, opts: OpenOptions): Promise<void> {
  let deadline = 0; // counted from the first failure: the first attempt includes Prisma's own start-up
  for (let attempt = 1; ; attempt++) {
    try {
      await prisma.$queryRaw`SELECT 1`;
      if (attempt > 1) opts.log?.(`Datenbank erreichbar nach ${attempt} Versuchen.`);
      return;
    } catch (e) {
      const reason = firstLine(e);
      if (attempt === 1) deadline = Date.now() + (opts.waitSeconds ?? 0) * 1000;
      const delay = Math.min(1000 * attempt, 5000);
      if (!isDatabaseUnavailable(e) || Date.now() + delay > deadline) throw new Error(`DATABASE_URL: cannot connect (${reason})`);
      opts.log?.(
        `Datenbank nicht erreichbar (${reason}): neuer Versuch ${attempt + 1} in ${delay / 1000} s, höchstens noch ${Math.ceil((deadline - Date.now()) / 1000)} s.`,
      );
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

function firstLine(e: unknown): string {
  const text = String((e as Error)?.message ?? e);
  // Prisma's raw-query errors wrap the driver's message: "Raw query failed. Code: `N/A`. Message: `…`"
  const inner = /Message: `([^`]+)`/.exec(text);
  if (inner) return inner[1];
  return (
    text
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean)
      .pop() ?? "unbekannter Fehler"
  );
}

export async function openDatabase(source: string | PGlite, opts: OpenOptions = {}): Promise<Database> {
  const handle: AdapterHandle =
    typeof source === "string"
      ? adapterFromUrl(source, { preparedStatements: opts.preparedStatements, statementTimeoutMs: opts.statementTimeoutMs })
      : adapterFromPglite(source);
  const prisma = new PrismaClient({ adapter: handle.factory, transactionOptions: { maxWait: 10_000, timeout: 20_000 } });
  if (handle.kind === "pg") {
    try {
      await waitForDatabase(prisma, opts);
    } catch (e) {
      await prisma.$disconnect().catch(() => {});
      await handle.close().catch(() => {});
      throw e;
    }
  }
  if (opts.migrate ?? handle.kind === "pglite") {
    try {
      await applyMigrations(handle.kind === "pglite" ? { factory: handle.factory } : { url: source as string });
    } catch (e) {
      await handle.close().catch(() => {});
      throw e;
    }
  }
  return {
    prisma,
    read: handle.read,
    kind: handle.kind,
    ...(handle.kind === "pg" ? { pool: handle.pool } : {}),
    async close() {
      await prisma.$disconnect();
      await handle.close();
    },
  };
}
