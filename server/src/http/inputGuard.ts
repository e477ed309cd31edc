// U+0000 cannot be stored in (or compared with) a PostgreSQL text column: the database refuses the
// whole statement ("invalid byte sequence for encoding UTF8: 0x00"), which surfaced as a 500 on
// every text field of every mutation and /v1 body (found by tests/integration/api/fuzz.test.ts).
// No field has a use for it, so a request that carries it anywhere (GraphQL
// document, variables, /v1 body or query string) is refused up front: 400 BAD_REQUEST, German.
import { createGraphQLError, type Plugin } from "graphql-yoga";

export const NUL_MESSAGE = "Ungültige Eingabe: das Steuerzeichen U+0000 ist nicht erlaubt";

/** True when a string anywhere in the value (keys included) contains U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes("\u0000") || containsNul(v, depth + 1));
}

/** Yoga plugin: refuses GraphQL requests with U+0000 in the document (also as \u0000 escape) or the variables. */
export function rejectNulCharacters(): Plugin {
  return {
    onParams({ params, setResult }) {
      // (a query that is not a string is refused by Yoga's own checks after this one)
      const query = typeof params.query === "string" ? params.query : "";
      if (!(query.includes("\u0000") || /\\u0{4}|\\u\{0+\}/.test(query) || containsNul(params.variables))) return;
      setResult({ errors: [createGraphQLError(NUL_MESSAGE, { extensions: { code: "BAD_REQUEST", http: { status: 400 } } })] });
    },
  };
}

export const MALFORMED_PARAMS_MESSAGE = "Ungültige Anfrage: die Parameter „variables“ und „extensions“ müssen gültiges JSON sein";

/**
 * Yoga plugin: a GET whose `variables` or `extensions` parameter is no JSON is refused with 400
 * BAD_REQUEST. Yoga's GET parser let JSON.parse's SyntaxError through, which was masked as an
 * internal error: 500 (found by tests/integration/api/http-fuzz.test.ts). POST bodies Yoga checks itself.
 */
export function rejectMalformedParams(): Plugin {
  return {
    onRequestParse({ requestParser, setRequestParser }) {
      if (!requestParser) return;
      const parse = requestParser;
      setRequestParser(async (request) => {
        try {
          return await parse(request);
        } catch (e) {
          if (e instanceof SyntaxError) throw createGraphQLError(MALFORMED_PARAMS_MESSAGE, { extensions: { code: "BAD_REQUEST", http: { status: 400 } } });
          throw e;
        }
      });
    },
  };
}
