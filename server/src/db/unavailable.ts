// Is an error the database being away (restarting, unreachable, connection cut) rather than a
// fault of the request? Those answer 503 UNAVAILABLE with a German message and Retry-After, so
// clients retry instead of seeing "not signed in" or an internal error (docs/decisions.md,
// "Database outages"). Prisma wraps the driver's error: the SQLSTATE or the adapter's error kind
// sits in meta.cause; plain `pg` errors carry the SQLSTATE or the socket error in `code`.
import { AppError } from "../auth/errors.ts";

const PRISMA_CODES = new Set(["P1001", "P1002", "P1017", "P2024"]);
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);
// SQLSTATE class 08 (connection exception) and 57P01-57P03 (shutdown, crash shutdown, cannot connect now)
const isSqlState = (code: unknown) => typeof code === "string" && (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code));
const MESSAGES =
  /Connection terminated|Client has encountered a connection error|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)|timeout exceeded when trying to connect|Can't reach database server/i;

/** True when `test` holds for the error or one of the errors it wraps (Prisma's cause chain). */
function anyCause(error: unknown, test: (e: Record<string, unknown>) => boolean): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length) {
    const e = queue.shift() as Record<string, unknown> | undefined;
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    if (test(e)) return true;
    queue.push(e.cause, e.originalError, (e.meta as Record<string, unknown> | undefined)?.cause);
  }
  return false;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return anyCause(error, (e) => {
    const code = e.code ?? e.originalCode;
    if (typeof code === "string" && (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || isSqlState(code))) return true;
    if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
    return typeof e.message === "string" && MESSAGES.test(e.message);
  });
}

// A statement PostgreSQL cancelled after DATABASE_STATEMENT_TIMEOUT_MS (SQLSTATE 57014,
// query_canceled; issue 29): the request fails with 503 TIMEOUT and a German message instead of
// holding a pooled connection for minutes.
const TIMEOUT_MESSAGE = /canceling statement due to statement timeout/i;

export function isStatementTimeout(error: unknown): boolean {
  return anyCause(error, (e) => {
    const code = e.code ?? e.originalCode;
    if (code === "57014") return true;
    for (const m of [e.message, e.originalMessage]) if (typeof m === "string" && TIMEOUT_MESSAGE.test(m)) return true;
    return false;
  });
}

export const STATEMENT_TIMEOUT_MESSAGE =
  "Die Abfrage hat zu lange gedauert und wurde abgebrochen. Bitte schränken Sie die Suche oder Auswahl ein oder versuchen Sie es später erneut.";

export const statementTimedOut = () => new AppError("TIMEOUT", STATEMENT_TIMEOUT_MESSAGE);

/** The answer to a database fault that is no fault of the request (outage, cancelled statement), or null. */
export function databaseFault(error: unknown): AppError | null {
  if (error instanceof AppError) return null;
  if (isDatabaseUnavailable(error)) return serviceUnavailable();
  if (isStatementTimeout(error)) return statementTimedOut();
  return null;
}

export const SERVICE_UNAVAILABLE_MESSAGE = "Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden erneut.";

/** The error to answer with; `retryAfter` (seconds) becomes the Retry-After header. */
export function serviceUnavailable(): AppError {
  return Object.assign(new AppError("UNAVAILABLE", SERVICE_UNAVAILABLE_MESSAGE), { retryAfter: 5 });
}
