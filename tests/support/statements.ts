// The SQL the app sends while a piece of a test runs, for the tests that count statements
//: pg's clients (PostgreSQL) and PGlite are watched for the duration of `run` only.
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

export type SentQuery = { text: string; name?: string };

type Queryable = { query: (...args: unknown[]) => unknown };

/** Runs `run` and answers its result with the queries sent meanwhile (text and prepared-statement name). */
export async function recordQueries<T>(run: () => Promise<T>): Promise<{ result: T; queries: SentQuery[] }> {
  const queries: SentQuery[] = [];
  const protos = [pg.Client.prototype, PGlite.prototype] as unknown as Queryable[];
  const originals = protos.map((p) => p.query);
  protos.forEach((proto, i) => {
    proto.query = function (this: unknown, ...args: unknown[]) {
      const q = args[0] as string | { text?: string; name?: string };
      queries.push(typeof q === "string" ? { text: q } : { text: q?.text ?? "", name: q?.name });
      return originals[i].apply(this, args);
    };
  });
  try {
    return { result: await run(), queries };
  } finally {
    protos.forEach((proto, i) => {
      proto.query = originals[i];
    });
  }
}
