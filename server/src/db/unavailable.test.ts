// The shapes of "database away" errors seen against a real PostgreSQL that was stopped or
// restarted (tests/integration/operations/faults.pg.test.ts provokes them end to end).
import { describe, expect, it } from "vitest";
import { AppError } from "../auth/errors.ts";
import { databaseFault, isDatabaseUnavailable, outageLog, outageReason, SERVICE_UNAVAILABLE_MESSAGE, serviceUnavailable } from "./unavailable.ts";

const prismaError = (code: string, cause: Record<string, unknown>) =>
  Object.assign(new Error("Invalid `prisma.x()` invocation"), { name: "PrismaClientKnownRequestError", code, meta: { name: "DriverAdapterError", cause } });

describe("isDatabaseUnavailable", () => {
  it("recognises a stopped server, a cut connection and an unreachable host", () => {
    expect(isDatabaseUnavailable(prismaError("P2039", { kind: "postgres", code: "57P01", originalCode: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailable(prismaError("P1001", { kind: "DatabaseNotReachable", host: "127.0.0.1", port: 1 }))).toBe(true);
    expect(isDatabaseUnavailable(prismaError("P2010", { kind: "DatabaseNotReachable" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Client has encountered a connection error and is not queryable"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable({ originalError: new Error("Connection terminated unexpectedly") })).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("the database system is starting up"), { code: "57P03" }))).toBe(true);
  });

  it("recognises PostgreSQL refusing the connection: too many connections, a wrong password, a database taking no connections", () => {
    const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: "FATAL" });
    expect(isDatabaseUnavailable(pgError("53300", "sorry, too many clients already"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("53300", 'too many connections for role "anm"'))).toBe(true);
    expect(isDatabaseUnavailable(pgError("28P01", 'password authentication failed for user "anm"'))).toBe(true);
    expect(isDatabaseUnavailable(pgError("28000", 'no pg_hba.conf entry for host "10.0.0.1"'))).toBe(true);
    expect(isDatabaseUnavailable(pgError("3D000", 'database "anm" does not exist'))).toBe(true);
    expect(isDatabaseUnavailable(pgError("55000", 'database "anm" is not currently accepting connections'))).toBe(true);
    // the same through Prisma and its adapter
    expect(isDatabaseUnavailable(prismaError("P2010", { kind: "TooManyConnections", cause: "sorry, too many clients already", originalCode: "53300" }))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailable(
        prismaError("P2010", { kind: "postgres", code: "28P01", originalCode: "28P01", originalMessage: "password authentication failed" }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        prismaError("P2010", { kind: "postgres", code: "55000", message: 'database "anm" is not currently accepting connections', originalCode: "55000" }),
      ),
    ).toBe(true);
    // 55000 for anything else is a fault of the statement
    expect(isDatabaseUnavailable(pgError("55000", 'currval of sequence "s" is not yet defined in this session'))).toBe(false);
  });

  it("does not mistake request faults for an outage", () => {
    expect(isDatabaseUnavailable(prismaError("P2002", { kind: "UniqueConstraintViolation" }))).toBe(false);
    expect(isDatabaseUnavailable(prismaError("P2010", { kind: "postgres", code: "22P02" }))).toBe(false);
    expect(isDatabaseUnavailable(new AppError("VALIDATION", "Ungültige Eingabe"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    const loop: Record<string, unknown> = {};
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });

  it("answers 503 with a German message and Retry-After", () => {
    const e = serviceUnavailable();
    expect(e.status).toBe(503);
    expect(e.code).toBe("UNAVAILABLE");
    expect(e.message).toBe(SERVICE_UNAVAILABLE_MESSAGE);
    expect((e as AppError & { retryAfter: number }).retryAfter).toBe(5);
  });
});

describe("outageLog", () => {
  const refused = (code: string, message: string) => prismaError("P2010", { kind: "postgres", code, originalCode: code, originalMessage: message, message });

  it("names the driver's code and message, not Prisma's wrapper", () => {
    expect(outageReason(refused("28P01", 'password authentication failed for user "anm"'))).toBe('28P01 password authentication failed for user "anm"');
    expect(outageReason(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(
      "ECONNREFUSED connect ECONNREFUSED 127.0.0.1:5432",
    );
  });

  it("writes one line per burst: a thousand failures for one reason are one line, a new reason is a new line naming the count before", () => {
    const lines: string[] = [];
    const note = outageLog((line) => lines.push(line));
    for (let i = 0; i < 1000; i++) expect(databaseFault(refused("53300", "sorry, too many clients already"), note)?.code).toBe("UNAVAILABLE");
    expect(lines).toEqual(["Datenbank nicht erreichbar (53300 sorry, too many clients already): Anfragen werden mit 503 UNAVAILABLE beantwortet"]);
    note(refused("28P01", "password authentication failed"));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^Datenbank nicht erreichbar \(28P01 password authentication failed\).*vorige Störung, 53300 sorry, too many clients already: 1000 Anfrage/,
    );
  });

  it("does not hear of request faults", () => {
    const lines: string[] = [];
    expect(
      databaseFault(
        prismaError("P2002", { kind: "UniqueConstraintViolation" }),
        outageLog((l) => lines.push(l)),
      ),
    ).toBeNull();
    expect(lines).toEqual([]);
  });
});
