// The shapes of "database away" errors seen against a real PostgreSQL that was stopped or
// restarted (tests/integration/operations/faults.pg.test.ts provokes them end to end).
import { describe, expect, it } from "vitest";
import { AppError } from "../auth/errors.ts";
import { isDatabaseUnavailable, SERVICE_UNAVAILABLE_MESSAGE, serviceUnavailable } from "./unavailable.ts";

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
