import type { GraphQLError } from "graphql";
import { createGraphQLError } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import { AppError } from "../auth/errors.ts";
import { INTERNAL_MESSAGE, loggedMaskError } from "./errors.ts";

describe("loggedMaskError", () => {
  it("[R-ER004] masks an unexpected error as INTERNAL_SERVER_ERROR and logs the original; the app's own errors keep code and message and are not logged", () => {
    const logged: unknown[] = [];
    const mask = loggedMaskError((e) => logged.push(e));
    const fault = new TypeError("x is undefined");
    const masked = <GraphQLError>mask(createGraphQLError("x is undefined", { originalError: fault }), INTERNAL_MESSAGE);
    expect(masked.message).toBe(INTERNAL_MESSAGE);
    expect(masked.extensions?.code).toBe("INTERNAL_SERVER_ERROR");
    expect(logged).toEqual([fault]);
    const refused = <GraphQLError>(
      mask(
        createGraphQLError("Ungültige Eingabe", { originalError: new AppError("VALIDATION", "Ungültige Eingabe: name", { name: "Pflichtfeld" }) }),
        INTERNAL_MESSAGE,
      )
    );
    expect(refused.extensions).toEqual({ code: "VALIDATION", fields: { name: "Pflichtfeld" } });
    expect(logged).toHaveLength(1);
  });
});
