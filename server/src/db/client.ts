// Opens the database named by DATABASE_URL (or an existing PGlite) as a Prisma client.
import type { PGlite } from "@electric-sql/pglite";
import { PrismaClient } from "../generated/prisma/client.ts";
import { type AdapterHandle, adapterFromPglite, adapterFromUrl } from "./adapter.ts";
import { applyMigrations } from "./migrate.ts";

export type Database = {
  prisma: PrismaClient;
  kind: "pg" | "pglite";
  close(): Promise<void>;
};

export type OpenOptions = { migrate?: boolean };

export async function openDatabase(source: string | PGlite, opts: OpenOptions = {}): Promise<Database> {
  const handle: AdapterHandle = typeof source === "string" ? adapterFromUrl(source) : adapterFromPglite(source);
  if (opts.migrate ?? handle.kind === "pglite") {
    try {
      await applyMigrations(handle.kind === "pglite" ? { factory: handle.factory } : { url: source as string });
    } catch (e) {
      await handle.close().catch(() => {});
      throw e;
    }
  }
  const prisma = new PrismaClient({ adapter: handle.factory, transactionOptions: { maxWait: 10_000, timeout: 20_000 } });
  if (handle.kind === "pg") {
    try {
      await prisma.$queryRaw`SELECT 1`;
    } catch (e) {
      await prisma.$disconnect().catch(() => {});
      throw new Error(`DATABASE_URL: cannot connect (${(e as Error).message.split("\n")[0]})`);
    }
  }
  return {
    prisma,
    kind: handle.kind,
    async close() {
      await prisma.$disconnect();
      await handle.close();
    },
  };
}
