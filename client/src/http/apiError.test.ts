import { describe, expect, it } from "vitest";
import { ApiError, errorText, httpError, readErrorEnvelope, transportError } from "./apiError";

const prefix = "Praxisbogen kann nicht heruntergeladen werden";

describe("error text", () => {
  it('[R-ER002][R-ER019] an HTTP error shows "{prefix}: {server message}"', () => {
    const error = httpError(404, { error: { code: "NOT_FOUND", message: "Anmeldung nicht gefunden" } }, prefix);
    expect(error.message).toBe(`${prefix}: Anmeldung nicht gefunden`);
    expect(error.code).toBe("NOT_FOUND");
    expect(error.status).toBe(404);
    expect(errorText(prefix, error)).toBe(`${prefix}: Anmeldung nicht gefunden`);
  });

  it('[R-ER003][R-ER019] a failure that is not an HTTP error shows "{prefix}: unknown error"', () => {
    expect(errorText(prefix, new TypeError("Failed to fetch"))).toBe(`${prefix}: unknown error`);
    expect(transportError("network", prefix).message).toBe(`${prefix}: unknown error`);
    expect(transportError("timeout", prefix).message).toBe(`${prefix}: unknown error`);
    expect(errorText(prefix, "boom")).toBe(`${prefix}: unknown error`);
  });

  it("[R-ER004] an HTTP error without the envelope shows the status", () => {
    expect(httpError(502, "<html>bad gateway</html>", prefix).message).toBe(`${prefix}: HTTP 502`);
  });

  it("[R-AU027] network errors, timeouts and aborts are their own kinds", () => {
    expect(transportError("network").kind).toBe("network");
    expect(transportError("timeout").kind).toBe("timeout");
    expect(transportError("aborted").kind).toBe("aborted");
    expect(transportError("timeout")).toBeInstanceOf(ApiError);
  });

  it("reads field messages of a validation error", () => {
    expect(readErrorEnvelope({ error: { code: "VALIDATION", message: "Ungültig", fields: { name: "Pflichtfeld" } } })).toEqual({
      code: "VALIDATION",
      message: "Ungültig",
      fields: { name: "Pflichtfeld" },
    });
    expect(readErrorEnvelope(null)).toEqual({});
  });
});
