// HTTP-level refusals in German with a code, in /v1's envelope { error: { code, message } }
//: Fastify answered a request whose headers exceed Node's limit with its own English
// 431 page ("Exceeded maximum allowed HTTP header size"), a malformed request with "Client
// Error", and its body-parser errors ("Body is not valid JSON ...") went out in English.
import type { Socket } from "node:net";
import { AppError } from "../auth/errors.ts";
import { errorBody } from "./rest.ts";

/** German texts of Fastify's request errors (4xx), by Fastify's error code */
const FASTIFY: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Dieser Content-Type wird nicht unterstützt (JSON erwartet)",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Der Rumpf der Anfrage ist leer, obwohl der Content-Type JSON angibt",
  FST_ERR_CTP_INVALID_JSON_BODY: "Der Rumpf der Anfrage ist kein gültiges JSON",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Die Länge des Rumpfs passt nicht zur Kopfzeile Content-Length",
  FST_ERR_BAD_URL: "Die Adresse der Anfrage ist nicht gültig kodiert",
};

/** The answer to a 4xx error Fastify raised (body parsing and the like): German, BAD_REQUEST. */
export function requestError(e: { code?: string; message: string }): AppError {
  // a JSON syntax error of the body parser carries no FST_ code (SyntaxError)
  const message = (e.code && FASTIFY[e.code]) ?? (/JSON/.test(e.message) ? FASTIFY.FST_ERR_CTP_INVALID_JSON_BODY : undefined);
  return new AppError("BAD_REQUEST", message ? `Ungültige Anfrage: ${message}` : "Ungültige Anfrage");
}

/**
 * Fastify's frameworkErrors: a URL its router refuses before any route, answered in English
 * before (found by tests/integration/api/http-fuzz.test.ts). A path parameter longer than the
 * router's limit (100 characters, longer than any id) names nothing: NOT_FOUND, as any other
 * path id that is none (http/rest.ts idParam); a malformed percent-encoding is BAD_REQUEST.
 */
export function frameworkError(e: { code?: string; message: string }): AppError {
  if (e.code === "FST_ERR_MAX_PARAM_LENGTH") return new AppError("NOT_FOUND", "Nicht gefunden");
  return requestError(e);
}

/**
 * Fastify's clientErrorHandler: a request Node's HTTP parser refused before Fastify saw it. The
 * answer is written to the socket as Fastify's own is (the request was never parsed), then the
 * socket is closed.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  let error: AppError;
  let status: number;
  if (err.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    [error, status] = [new AppError("REQUEST_TIMEOUT", "Die Anfrage kam nicht rechtzeitig vollständig an"), 408];
  } else if (err.code === "HPE_HEADER_OVERFLOW") {
    [error, status] = [new AppError("HEADERS_TOO_LARGE", "Die Kopfzeilen der Anfrage sind zu groß"), 431];
  } else {
    [error, status] = [new AppError("BAD_REQUEST", "Ungültige HTTP-Anfrage"), 400];
  }
  const body = Buffer.from(JSON.stringify(errorBody(error)));
  const reason = { 400: "Bad Request", 408: "Request Timeout", 431: "Request Header Fields Too Large" }[status];
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${body.length}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body);
  }
  socket.destroy(err);
}
