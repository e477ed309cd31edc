// Is an error the database being away (restarting, unreachable, connection cut) rather than a
// fault of the request? Those answer 503 UNAVAILABLE with a German message and Retry-After, so
// clients retry instead of seeing "not signed in" or an internal error (docs/decisions.md,
// "Database outages"). Prisma wraps the driver's error: the SQLSTATE or the adapter's error kind
// sits in meta.cause; plain `pg` errors carry the SQLSTATE or the socket error in `code`.
import { AppError } from "../auth/errors.ts";

// Every connection-level failure counts, also PostgreSQL refusing the connection: too
// many connections, a wrong password or role, a database that does not exist or takes no
// connections; none of them is the request's fault.
const PRISMA_CODES = new Set(["P1000", "P1001", "P1002", "P1003", "P1010", "P1017", "P2024"]);
const ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "AuthenticationFailed",
  "DatabaseAccessDenied",
  "DatabaseDoesNotExist",
  "TlsConnectionError",
]);
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
// SQLSTATE class 08 (connection exception), class 28 (invalid authorization: 28000, 28P01 wrong
// password), 3D000 (no such database), 53300 (too many connections) and 57P01-57P03 (shutdown,
// crash shutdown, cannot connect now)
const isSqlState = (code: unknown) => typeof code === "string" && /^(08[0-9A-Z]{3}|28[0-9A-Z]{3}|3D000|53300|57P0[123])$/.test(code);
// 55000 (object not in prerequisite state) is a connection failure only for a database that takes no connections
const NOT_ACCEPTING = /is not currently accepting connections/i;
const MESSAGES =
  /Connection terminated|Client has encountered a connection error|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)|timeout exceeded when trying to connect|Can't reach database server|too many clients already|remaining connection slots are reserved|is not currently accepting connections|password authentication failed/i;

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
    if (code === "55000" && [e.message, e.originalMessage].some((m) => typeof m === "string" && NOT_ACCEPTING.test(m))) return true;
    if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
    return typeof e.message === "string" && MESSAGES.test(e.message);
  });
}

// A statement PostgreSQL cancelled after DATABASE_STATEMENT_TIMEOUT_MS (SQLSTATE 57014,
// query_canceled): the request fails with 503 TIMEOUT and a German message instead of
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

/**
 * The answer to a database fault that is no fault of the request (outage, cancelled statement), or
 * null. `report` hears of each outage (an OutageLog's note).
 */
export function databaseFault(error: unknown, report?: (error: unknown) => void): AppError | null {
  if (error instanceof AppError) return null;
  if (isDatabaseUnavailable(error)) {
    report?.(error);
    return serviceUnavailable();
  }
  if (isStatementTimeout(error)) return statementTimedOut();
  return null;
}

export const SERVICE_UNAVAILABLE_MESSAGE = "Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden erneut.";

/** The error to answer with; `retryAfter` (seconds) becomes the Retry-After header. */
export function serviceUnavailable(): AppError {
  return Object.assign(new AppError("UNAVAILABLE", SERVICE_UNAVAILABLE_MESSAGE), { retryAfter: 5 });
}

/** The driver's code and first message line of an outage, e.g. `28P01 password authentication failed for user "x"`. */
export function outageReason(error: unknown): string {
  let found = "";
  anyCause(error, (e) => {
    const code = e.originalCode ?? e.code ?? e.kind;
    const message = [e.originalMessage, e.message].find((m): m is string => typeof m === "string" && m.trim() !== "" && !/invocation|Raw query failed/.test(m));
    if (typeof code === "string" && message) {
      found = `${code} ${message.trim().split("\n")[0]}`;
      return true;
    }
    if (!found && message) found = message.trim().split("\n")[0];
    return false;
  });
  return (found || "unbekannt").slice(0, 200);
}

/**
 * Logs an outage once per burst (thousands of requests failing within seconds wrote a
 * stack trace each): one line when it begins or its reason changes; requests failing for the same
 * reason within `quietMs` of the previous one are only counted, and the next line names the count.
 */
export function outageLog(log: (line: string) => void, quietMs = 30_000): (error: unknown) => void {
  let burst: { reason: string; last: number; count: number } | null = null;
  return (error) => {
    const reason = outageReason(error);
    const now = Date.now();
    if (burst && burst.reason === reason && now - burst.last < quietMs) {
      burst.count++;
      burst.last = now;
      return;
    }
    const before = burst ? ` (die vorige Störung, ${burst.reason}: ${burst.count} Anfrage(n))` : "";
    burst = { reason, last: now, count: 1 };
    log(`Datenbank nicht erreichbar (${reason}): Anfragen werden mit 503 UNAVAILABLE beantwortet${before}`);
  };
}
