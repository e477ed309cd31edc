import { describe, expect, it } from "vitest";
import { ApiError } from "../http/apiError";
import { checkGraphQLResponse } from "./graphQLResponse";

describe("GraphQL answers", () => {
  it("passes data through", () => {
    const body = { data: { viewer: { id: "VXNlcjox" } } };
    expect(checkGraphQLResponse(200, body)).toBe(body);
  });

  it("turns GraphQL errors into an error with their messages and code", () => {
    const body = { data: null, errors: [{ message: "Nicht angemeldet", extensions: { code: "UNAUTHENTICATED" } }] };
    expect(() => checkGraphQLResponse(200, body)).toThrow("Nicht angemeldet");
    try {
      checkGraphQLResponse(401, body);
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe("UNAUTHENTICATED");
      expect((error as ApiError).status).toBe(401);
    }
  });

  it("[R-ER002] keeps the German field messages of a rejected mutation (extensions.fields)", () => {
    const body = {
      data: null,
      errors: [{ message: "Ungültige Eingaben", extensions: { code: "VALIDATION", fields: { phone: "Bitte eine gültige Telefonnummer", other: 3 } } }],
    };
    try {
      checkGraphQLResponse(200, body);
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).code).toBe("VALIDATION");
      expect((error as ApiError).serverMessage).toBe("Ungültige Eingaben");
      expect((error as ApiError).fields).toEqual({ phone: "Bitte eine gültige Telefonnummer" });
    }
  });

  it("treats partial data with errors as an error as well", () => {
    expect(() => checkGraphQLResponse(200, { data: { viewer: null }, errors: [{ message: "a" }, { message: "b" }] })).toThrow("a; b");
  });

  it("rejects an answer that is not GraphQL", () => {
    expect(() => checkGraphQLResponse(502, "Bad Gateway")).toThrow("HTTP 502");
    expect(() => checkGraphQLResponse(200, {})).toThrow("HTTP 200");
  });
});
