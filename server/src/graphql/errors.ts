// Every error /graphql answers has a German message and a code of the table in docs/api.md
// (spec section 8). The app's own errors (AppError) are German already; maskError below
// renders them. What graphql-js, Yoga and Pothos report comes in English, and often without a
// code: syntax and validation errors of the document, variables that do not fit their type,
// request-level refusals ("Batching is not supported.", "Must provide query string."), invalid
// cursors and negative page sizes. germanErrors() rewrites each of those once the result is final
// (every answer passes Yoga's result processing, request-level refusals included), keeping its
// locations, path and HTTP status; an English message it does not know keeps its code's German
// text and moves into extensions.detail.
import type { GraphQLError } from "graphql";
import { createGraphQLError, maskError as defaultMaskError, type Plugin } from "graphql-yoga";
import { AppError } from "../auth/errors.ts";
import { databaseFault } from "../db/unavailable.ts";
import { CURSOR_MESSAGE } from "./cursor.ts";
import { INVALID_ID_MESSAGE } from "./ids.ts";
import { INTROSPECTION_REFUSED } from "./introspection.ts";
import { CSRF_HEADER } from "./requestGuards.ts";

export const INTERNAL_MESSAGE = "Interner Serverfehler";

/** Yoga's maskError: AppErrors keep their German message and code, a database outage is UNAVAILABLE, a statement past its timeout TIMEOUT, anything else is masked. */
export function maskError(error: unknown, message: string, isDev?: boolean, reportOutage?: (error: unknown) => void) {
  const original = (error as { originalError?: unknown }).originalError;
  // where the error happened (a field, an index of nodes(ids:)), as graphql-js located it
  const { nodes, source, positions, path } = error as Partial<GraphQLError>;
  const at = { nodes, source, positions, path };
  if (original instanceof AppError) {
    return createGraphQLError(original.message, {
      ...at,
      extensions: { code: original.code, ...(original.fields ? { fields: original.fields } : {}) },
    });
  }
  // the database is unreachable (UNAVAILABLE) or a statement ran past its timeout (TIMEOUT)
  const fault = databaseFault(original, reportOutage);
  if (fault) {
    const retryAfter = (fault as { retryAfter?: number }).retryAfter;
    return createGraphQLError(fault.message, { ...at, extensions: { code: fault.code, ...(retryAfter ? { retryAfter } : {}) } });
  }
  return defaultMaskError(error, message, isDev);
}

/**
 * maskError that reports what it masks as an internal error to `log` (the server's log): Yoga's
 * own logger stays off, since it would log every AppError as an error too (maskError renders each
 * into a new error object). A database outage goes to `reportOutage` (logged once per burst).
 */
export function loggedMaskError(log: (error: unknown) => void, reportOutage?: (error: unknown) => void) {
  return (error: unknown, message: string, isDev?: boolean): Error => {
    const masked = maskError(error, message, isDev, reportOutage);
    if ((masked as Partial<GraphQLError>).extensions?.code === "INTERNAL_SERVER_ERROR") log((error as { originalError?: unknown }).originalError ?? error);
    return masked;
  };
}

type Rule = [RegExp, string, (m: RegExpExecArray) => string];
const q = (name: string) => `„${name}“`;
/** `Did you mean "a" or "b"?` of graphql-js, in German */
const suggestion = (rest = "") => {
  const names = [...rest.matchAll(/"([^"]+)"/g)].map((m) => q(m[1]));
  return names.length ? ` Gemeint ist vielleicht ${names.join(" oder ")}?` : "";
};

/** Why a value does not fit its type (the tail of a coercion or literal error); null when unknown. */
const VALUE_RULES: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^(\w+) cannot represent [^:]*?value: (.*)$/s, (m) => `Der Wert ${m[2]} passt nicht zum Typ ${q(m[1])}`],
  [/^(Date|DateTime) cannot represent (?:an invalid [\w-]+|non string(?: or Date)? type) (.*?)\.?$/s, (m) => `Der Wert ${m[2]} ist kein gültiges ${q(m[1])}`],
  [/^Value "?([^"]*)"? does not exist in "(\w+)" enum\.(.*)$/s, (m) => `Den Wert ${q(m[1])} gibt es in der Aufzählung ${q(m[2])} nicht.${suggestion(m[3])}`],
  [
    /^Enum "(\w+)" cannot represent non-enum value: (.*?)\.?(?: Did you mean(.*))?$/s,
    (m) => `Der Wert ${m[2]} gehört nicht zur Aufzählung ${q(m[1])}.${suggestion(m[3])}`,
  ],
  [/^Field "([^"]+)" of required type "([^"]+)" was not provided\.$/, (m) => `Das Pflichtfeld ${q(m[1])} (${m[2]}) fehlt.`],
  [/^Field "([^"]+)" is not defined by type "([^"]+)"\.(.*)$/s, (m) => `Das Feld ${q(m[1])} gibt es im Eingabetyp ${q(m[2])} nicht.${suggestion(m[3])}`],
  [/^Expected type "([^"]+)" to be an object\.$/, (m) => `Erwartet wird ein Objekt vom Typ ${q(m[1])}.`],
  [/^Expected value of type "([^"]+)", found (.*?)(?:; (.*))?\.?$/s, (m) => `Erwartet wird ein Wert vom Typ ${q(m[1])}, gefunden: ${m[2]}`],
  [/^Expected non-nullable type "([^"]+)" not to be null\.$/, (m) => `Der Wert vom Typ ${q(m[1])} darf nicht null sein.`],
];

function valueReason(text: string): string | null {
  for (const [re, german] of VALUE_RULES) {
    const m = re.exec(text);
    if (m) return german(m);
  }
  return null;
}

/** English messages of graphql-js, Yoga and Pothos: pattern, code, German message. */
const RULES: Rule[] = [
  // syntax
  // GraphQL Armor's depth and alias limits (graphql/limits.ts)
  [
    /^Syntax Error: Query depth limit of (\d+) exceeded, found (\d+)\.$/,
    "QUERY_TOO_DEEP",
    (m) => `Die Anfrage ist zu tief verschachtelt (${m[2]} Ebenen, höchstens ${m[1]})`,
  ],
  [/^Syntax Error: Aliases limit of (\d+) exceeded, found \d+\.$/, "TOO_MANY_ALIASES", (m) => `Die Anfrage enthält zu viele Aliasse (höchstens ${m[1]})`],
  [/^Syntax Error: Expected (.+), found (.+?)\.?$/s, "GRAPHQL_PARSE_FAILED", (m) => `Syntaxfehler in der Anfrage: erwartet ${m[1]}, gefunden ${m[2]}`],
  [/^Syntax Error: Unexpected (.+?)\.?$/s, "GRAPHQL_PARSE_FAILED", (m) => `Syntaxfehler in der Anfrage: unerwartet ${m[1]}`],
  [/^Syntax Error: Unterminated string\.?$/, "GRAPHQL_PARSE_FAILED", () => "Syntaxfehler in der Anfrage: eine Zeichenkette ist nicht abgeschlossen"],
  // variables (coercion before execution)
  [/^Variable "\$(\w+)" of required type "([^"]+)" was not provided\.$/, "BAD_USER_INPUT", (m) => `Die Pflichtvariable ${q(`$${m[1]}`)} (${m[2]}) fehlt`],
  [
    /^Variable "\$(\w+)" of non-null type "([^"]+)" must not be null\.$/,
    "BAD_USER_INPUT",
    (m) => `Die Variable ${q(`$${m[1]}`)} (${m[2]}) darf nicht null sein`,
  ],
  [
    /^Variable "\$(\w+)" got invalid value .*?(?: at "([^"]+)")?; (.*)$/s,
    "BAD_USER_INPUT",
    (m) => `Die Variable ${q(`$${m[1]}`)} hat einen ungültigen Wert${m[2] ? ` (bei ${q(m[2])})` : ""}${reasonSuffix(m[3])}`,
  ],
  // validation of the document
  [
    /^Cannot query field "([^"]+)" on type "([^"]+)"\.(.*)$/s,
    "GRAPHQL_VALIDATION_FAILED",
    (m) => `Das Feld ${q(m[1])} gibt es am Typ ${q(m[2])} nicht.${suggestion(m[3])}`,
  ],
  [
    /^Unknown argument "([^"]+)" on (?:field|directive) "([^"]+)"\.(.*)$/s,
    "GRAPHQL_VALIDATION_FAILED",
    (m) => `${q(m[2])} hat kein Argument ${q(m[1])}.${suggestion(m[3])}`,
  ],
  [
    /^Field "([^"]+)" argument "([^"]+)" of type "([^"]+)" is required, but it was not provided\.$/,
    "GRAPHQL_VALIDATION_FAILED",
    (m) => `Dem Feld ${q(m[1])} fehlt das Pflichtargument ${q(m[2])} (${m[3]})`,
  ],
  [
    /^Field "([^"]+)" of type "([^"]+)" must have a selection of subfields\./,
    "GRAPHQL_VALIDATION_FAILED",
    (m) => `Das Feld ${q(m[1])} (${m[2]}) braucht eine Auswahl von Unterfeldern, etwa ${m[1]} { id }`,
  ],
  [
    /^Field "([^"]+)" must not have a selection since type "([^"]+)" has no subfields\.$/,
    "GRAPHQL_VALIDATION_FAILED",
    (m) => `Das Feld ${q(m[1])} (${m[2]}) hat keine Unterfelder`,
  ],
  [/^Unknown type "([^"]+)"\.(.*)$/s, "GRAPHQL_VALIDATION_FAILED", (m) => `Den Typ ${q(m[1])} gibt es nicht.${suggestion(m[2])}`],
  [/^Unknown fragment "([^"]+)"\.$/, "GRAPHQL_VALIDATION_FAILED", (m) => `Das Fragment ${q(m[1])} ist nicht definiert`],
  [/^Fragment "([^"]+)" is never used\.$/, "GRAPHQL_VALIDATION_FAILED", (m) => `Das Fragment ${q(m[1])} wird nicht verwendet`],
  [/^Variable "\$(\w+)" is not defined(?: by operation "[^"]*")?\.$/, "GRAPHQL_VALIDATION_FAILED", (m) => `Die Variable ${q(`$${m[1]}`)} ist nicht deklariert`],
  [/^Variable "\$(\w+)" is never used(?: in operation "[^"]*")?\.$/, "GRAPHQL_VALIDATION_FAILED", (m) => `Die Variable ${q(`$${m[1]}`)} wird nicht verwendet`],
  [
    /^Variable "\$(\w+)" of type "([^"]+)" used in position expecting type "([^"]+)"\.$/,
    "GRAPHQL_VALIDATION_FAILED",
    (m) => `Die Variable ${q(`$${m[1]}`)} hat den Typ ${m[2]}, hier wird ${m[3]} erwartet`,
  ],
  [
    /^Variable "\$(\w+)" cannot be non-input type "([^"]+)"\.$/,
    "GRAPHQL_VALIDATION_FAILED",
    (m) => `Die Variable ${q(`$${m[1]}`)} kann nicht den Ausgabetyp ${m[2]} haben`,
  ],
  // request level (Yoga)
  [
    /^Batching is (?:not supported|limited to \d+ operations per request)\.$/,
    "BAD_REQUEST",
    () => "Mehrere Operationen in einer Anfrage (Batching) werden nicht unterstützt",
  ],
  // @graphql-yoga/plugin-csrf-prevention (graphql/requestGuards.ts) and @envelop/disable-introspection (graphql/introspection.ts)
  [
    /^Required CSRF header\(s\) not present$/,
    "CSRF_REJECTED",
    () => `Anfrage abgelehnt (CSRF-Schutz): POST mit Content-Type application/json oder Kopfzeile ${CSRF_HEADER} erforderlich`,
  ],
  [/^GraphQL introspection has been disabled, but the requested query contained the field "\w+"\.$/, "FORBIDDEN", () => INTROSPECTION_REFUSED],
  [/^Must provide query string\.$/, "BAD_REQUEST", () => "Die Anfrage enthält kein GraphQL-Dokument (query)"],
  [/^POST body sent invalid JSON\.$/, "BAD_REQUEST", () => "Der Rumpf der Anfrage ist leer oder kein gültiges JSON"],
  [
    /^(?:POST body is expected to be object|Expected params to be an object|Invalid "params")/,
    "BAD_REQUEST",
    () => "Der Rumpf der Anfrage muss ein JSON-Objekt sein",
  ],
  [/^Expected "query" param to be a string/, "BAD_REQUEST", () => `Der Parameter ${q("query")} muss ein Text sein`],
  [/^Expected "(\w+)" param to be empty or an object/, "BAD_REQUEST", (m) => `Der Parameter ${q(m[1])} muss fehlen oder ein Objekt sein`],
  [/^Unexpected parameter "([^"]*)" in the request body\.$/, "BAD_REQUEST", (m) => `Unbekannter Parameter ${q(m[1])} im Rumpf der Anfrage`],
  [/^Can only perform a mutation operation from a POST request\.$/, "BAD_REQUEST", () => "Änderungen (mutation) sind nur mit POST möglich"],
  [/^GraphQL only supports GET and POST requests\.$/, "BAD_REQUEST", () => "GraphQL nimmt nur GET- und POST-Anfragen an"],
  [/^Content-Length header is invalid\.$/, "BAD_REQUEST", () => "Die Kopfzeile Content-Length ist ungültig"],
  [/^(?:Missing multipart|Multipart form field|POST body sent invalid multipart)/, "BAD_REQUEST", () => "Ungültige Multipart-Anfrage"],
  [
    /^Could not determine what operation to execute\.$/,
    "BAD_REQUEST",
    () => "Welche Operation ausgeführt werden soll, ist unklar: operationName fehlt oder nennt keine Operation des Dokuments",
  ],
  [/^Request body too large/, "PAYLOAD_TOO_LARGE", () => "Die Anfrage ist zu groß"],
  [/^Unexpected error\.$/, "INTERNAL_SERVER_ERROR", () => INTERNAL_MESSAGE],
  // execution (Pothos)
  [
    /^(?:Invalid cursor|Cursor must be a string|Cursor chunk must be|Invalid cursor chunk|Invalid offset cursor|Unsupported cursor type|Invalid cursor type|Expected compound cursor|Invalid base64 string)/,
    "INVALID_CURSOR",
    () => CURSOR_MESSAGE,
  ],
  [/^Argument "(first|last)" must be a non-negative integer$/, "BAD_USER_INPUT", (m) => `Das Argument ${q(m[1])} muss eine ganze Zahl ab 0 sein`],
  [
    /^Arguments "(\w+)" and "(\w+)" are not supported at the same time$/,
    "BAD_USER_INPUT",
    (m) => `Die Argumente ${q(m[1])} und ${q(m[2])} lassen sich nicht zusammen verwenden`,
  ],
  [
    /^Argument "last" can only be used in combination with "before" or "first"$/,
    "BAD_USER_INPUT",
    () => `Das Argument ${q("last")} geht nur zusammen mit ${q("before")} oder ${q("first")}`,
  ],
  [/^(?:Invalid global ID|ID: .* is not of type|\w+ does not support loading by id$|\w+ has not been implemented$)/s, "INVALID_ID", () => INVALID_ID_MESSAGE],
  [/^Cannot return null for non-nullable field/, "INTERNAL_SERVER_ERROR", () => INTERNAL_MESSAGE],
];

function reasonSuffix(reason: string): string {
  const german = valueReason(reason);
  return german ? `: ${german}` : "";
}

/**
 * German text of a code, for an English message no rule knows. Only codes that graphql-js and Yoga
 * give (or none): BAD_REQUEST, INTERNAL_SERVER_ERROR and the app's own codes carry German
 * messages of the app too, and Yoga's English ones are all in RULES.
 */
const FALLBACK: Record<string, string> = {
  GRAPHQL_PARSE_FAILED: "Syntaxfehler in der Anfrage",
  GRAPHQL_VALIDATION_FAILED: "Die Anfrage passt nicht zum Schema",
  BAD_USER_INPUT: "Ungültiger Wert eines Arguments oder einer Variablen",
  OPERATION_RESOLUTION_FAILURE: "Welche Operation ausgeführt werden soll, ist unklar",
  // Yoga's body limits (the JSON body's is in RULES; its multipart limit is unreachable, /graphql reads JSON only)
  REQUEST_ENTITY_TOO_LARGE: "Die Anfrage ist zu groß",
  // @graphql-yoga/plugin-persisted-operations' own codes (graphql/persisted.ts answers its German ones instead)
  PERSISTED_QUERY_NOT_IN_LIST: "Unbekannte gespeicherte Anfrage: bitte die Seite neu laden",
  CANNOT_SEND_PQ_ID_AND_BODY: "Nur die Anfragen der Anwendung sind erlaubt",
  PERSISTED_QUERY_ID_REQUIRED: "Die Anfrage enthält kein GraphQL-Dokument (query)",
};
/** codes of the fallback above that stand for a differently named code of the table */
const RENAMED: Record<string, string> = {
  OPERATION_RESOLUTION_FAILURE: "BAD_REQUEST",
  REQUEST_ENTITY_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  PERSISTED_QUERY_NOT_IN_LIST: "PERSISTED_QUERY_NOT_FOUND",
  CANNOT_SEND_PQ_ID_AND_BODY: "PERSISTED_QUERY_ONLY",
  PERSISTED_QUERY_ID_REQUIRED: "BAD_REQUEST",
};

/** The German version of one error (the same object when it is German and has a code already). */
export function germanError(error: GraphQLError): GraphQLError {
  if (translated.has(error)) return error;
  const code = error.extensions?.code as string | undefined;
  let message: string | undefined;
  let newCode = code;
  let detail: string | undefined;
  for (const [re, ruleCode, german] of RULES) {
    const m = re.exec(error.message);
    if (m) {
      message = german(m);
      newCode = ruleCode;
      break;
    }
  }
  if (message === undefined) {
    // literal argument values refused by validation: "Int cannot represent ..." and the like
    const reason = valueReason(error.message);
    if (reason && !error.path) [message, newCode] = [reason, "GRAPHQL_VALIDATION_FAILED"];
  }
  if (message === undefined) {
    if (code && !(code in FALLBACK)) return error; // the app's own codes and messages
    // an English message no rule knows: a document error without a path, an argument error with one
    newCode = code ?? (error.path ? "BAD_USER_INPUT" : "GRAPHQL_VALIDATION_FAILED");
    message = FALLBACK[newCode];
    detail = error.message;
  }
  newCode = RENAMED[newCode as string] ?? newCode;
  const { http, unexpected } = (error.extensions ?? {}) as { http?: { spec?: boolean }; unexpected?: unknown };
  // Yoga answers a body without `query` (null, {}) 200 under application/json ("spec"); a request
  // that is no GraphQL request is 400 whatever the Accept
  if (newCode === "BAD_REQUEST" && http?.spec) delete http.spec;
  const german = createGraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { code: newCode, ...(detail ? { detail } : {}), ...(http ? { http } : {}), ...(unexpected ? { unexpected } : {}) },
  });
  translated.add(german);
  return german;
}
const translated = new WeakSet<GraphQLError>();

type Result = { errors?: readonly GraphQLError[] } & Record<string, unknown>;
function germanResult(result: Result): Result {
  if (!result?.errors?.length) return result;
  const errors = result.errors.map(germanError);
  return errors.every((e, i) => e === result.errors?.[i]) ? result : { ...result, errors };
}

/** Yoga plugin: every error of every answer in German with a code (see the top of this file). */
export function germanErrors(): Plugin {
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result)) setResult(result.map((r) => germanResult(r as Result)) as never);
      else if (result && typeof result === "object" && !(Symbol.asyncIterator in result)) {
        const next = germanResult(result as Result);
        if (next !== result) setResult(next as never);
      }
    },
  };
}
