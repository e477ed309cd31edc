// File uploads as multipart/form-data (the practice sheets and the PC Juror file, spec section 7).
// @fastify/multipart is registered only in the scope of the upload routes (app.ts), so every other
// route keeps its JSON-only body parsing. Each file is read into memory within the 5 MB limit
// (spec section 9); a request carries at most MAX_FILES files and MAX_TOTAL_BYTES in all.
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../auth/errors.ts";
import { safeFileName } from "../domains/files/rules.ts";
import { MSG } from "../shared/messages.ts";
import { MAX_UPLOAD_BYTES } from "../shared/validation.ts";

export const MAX_FILES = 300;
export const MAX_TOTAL_BYTES = 50 * 1024 * 1024;

export type UploadedFile = { name: string; data: Buffer };

export async function registerMultipart(scope: FastifyInstance) {
  await scope.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES, fields: 20, parts: MAX_FILES + 20, fieldSize: 64 * 1024, headerPairs: 100 },
  });
}

/**
 * The files of one multipart request sent under one of `fields` (other form fields are ignored).
 * Too large: 413 with the spec's message, naming the file; not multipart: 400.
 */
export async function uploadedFiles(request: FastifyRequest, fields: readonly string[]): Promise<UploadedFile[]> {
  if (!request.isMultipart()) throw new AppError("BAD_REQUEST", `Ungültige Anfrage: multipart/form-data mit dem Feld „${fields[0]}“ erwartet`);
  const files: UploadedFile[] = [];
  let total = 0;
  let current = "";
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      current = safeFileName(part.filename ?? "");
      if (!fields.includes(part.fieldname)) {
        await part.toBuffer();
        throw new AppError("BAD_REQUEST", `Ungültige Anfrage: unerwartetes Feld „${part.fieldname}“ (erwartet „${fields[0]}“)`);
      }
      const data = await part.toBuffer();
      // a browser sends an empty part when no file was chosen
      if (!part.filename && data.length === 0) continue;
      total += data.length;
      if (total > MAX_TOTAL_BYTES)
        throw new AppError("PAYLOAD_TOO_LARGE", `Zu viele Daten auf einmal: höchstens ${MAX_TOTAL_BYTES / 1024 / 1024} MB je Upload`);
      files.push({ name: current, data });
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("PAYLOAD_TOO_LARGE", `„${current}“: ${MSG.fileTooLarge}`);
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT")
      throw new AppError("PAYLOAD_TOO_LARGE", `Zu viele Dateien auf einmal: höchstens ${MAX_FILES} je Upload`);
    if (code === "FST_FIELDS_LIMIT") throw new AppError("BAD_REQUEST", "Ungültige Anfrage: zu viele Formularfelder");
    // anything else the parser throws (busboy's plain "Multipart: Boundary not found", "Unexpected end of
    // form", ...) is a malformed body, not a server fault: this loop only parses, it writes nothing
    throw new AppError("BAD_REQUEST", "Ungültige Anfrage: multipart/form-data erwartet");
  }
  if (files.length === 0) throw new AppError("VALIDATION", MSG.fileMissing, { [fields[0]]: MSG.fileMissing });
  return files;
}
