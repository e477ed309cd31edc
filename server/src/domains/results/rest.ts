// /v1 routes of results management and the exports (spec section 7). Every export is served in
// both spellings (R-API033): underscores, and the hyphenated segments the spec lists.

import type { FastifyReply } from "fastify";
import { AppError } from "../../auth/errors.ts";
import { uploadedFiles } from "../../http/multipart.ts";
import { idParam, type RestRouter } from "../../http/rest.ts";
import { zipInThread } from "../../workers/pool.ts";
import type { ServiceCtx } from "../context.ts";
import { contentDisposition } from "../files/rules.ts";
import { XLSX_MIME } from "../files/zip.ts";
import { fileNamePart } from "./rules.ts";
import {
  blankPracticeSheets,
  certificateListOf,
  deleteResult,
  filledPracticeSheets,
  overviewList,
  pcJurorList,
  practiceSheetOf,
  setTheoryResult,
  uploadPcJuror,
  uploadPracticeSheets,
} from "./service.ts";

function download(reply: FastifyReply, name: string, type: string, data: Uint8Array) {
  reply.header("content-type", type).header("content-disposition", contentDisposition(name)).header("cache-control", "no-store");
  return reply.send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
}

/** The compact /v1 answer of a result change. */
const resultWire = (r: {
  id: number;
  theoryLocationId: number | null;
  practiceLocationId: number | null;
  theoryPoints: unknown;
  practicePoints: unknown;
  practiceSheetFileId: number | null;
}) => ({
  id: r.id,
  theory_location_id: r.theoryLocationId,
  practice_location_id: r.practiceLocationId,
  result: {
    theory_points: r.theoryPoints === null ? null : Number(r.theoryPoints),
    practice_points: r.practicePoints === null ? null : Number(r.practicePoints),
  },
  practice_sheet_file_id: r.practiceSheetFileId,
});

export function resultRoutes(r: RestRouter) {
  // theory result (R-API054, body decision R-API067: { "theory_points": number })
  r.put("/v1/registration/dexam/:registrationId/location/:locationId/theory_result", async (ctx, req) => {
    const body = req.body as Record<string, unknown> | null;
    if (!body || typeof body !== "object" || Array.isArray(body)) throw new AppError("BAD_REQUEST", "Ungültige Anfrage: JSON-Objekt erwartet");
    return resultWire(await setTheoryResult(ctx, idParam(req, "registrationId"), idParam(req, "locationId"), body.theory_points));
  });
  r.delete("/v1/registration/dexam/:registrationId/location/:locationId/result", async (ctx, req, reply) => {
    await deleteResult(ctx, idParam(req, "registrationId"), idParam(req, "locationId"));
    reply.status(204);
    return null;
  });

  // practice sheets (R-API038, R-API039, R-API041)
  for (const seg of ["blank_practice_sheets", "blank-practice-sheets"]) {
    r.get(`/v1/export/location/:id/dexam/${seg}`, async (ctx, req, reply) => {
      const { location, zip } = await blankPracticeSheets(ctx, idParam(req));
      return download(reply, `Blanko-Auswertungsboegen_L${location.id}_${fileNamePart(location.name)}.zip`, "application/zip", zip);
    });
  }
  for (const seg of ["practice_sheets", "practice-sheets"]) {
    r.get(`/v1/export/location/:id/dexam/${seg}`, async (ctx, req, reply) => {
      const { location, files } = await filledPracticeSheets(ctx, idParam(req));
      const zip = await zipInThread(files, "Zu diesem Prüfungsort sind noch keine Auswertungsbögen hochgeladen.");
      return download(reply, `Auswertungsboegen_L${location.id}_${fileNamePart(location.name)}.zip`, "application/zip", zip);
    });
  }
  for (const seg of ["practice_sheet", "practice-sheet"]) {
    r.get(`/v1/export/registration/dexam/:id/${seg}`, async (ctx, req, reply) => {
      const file = await practiceSheetOf(ctx, idParam(req));
      return download(reply, file.name, file.mimeType, file.data);
    });
  }

  // lists (R-API034, R-API036, R-API037)
  for (const path of ["competition/pc_juror_import", "competition-pc-juror-import"]) {
    r.get(`/v1/export/event/:id/${path}`, async (ctx, req, reply) => {
      const { event, data } = await pcJurorList(ctx, idParam(req));
      return download(reply, `PC_Juror_Importliste_${event.id}_${fileNamePart(event.name)}.xlsx`, XLSX_MIME, data);
    });
  }
  for (const path of ["dexam/certificate_list", "dexam-certificate-list"]) {
    r.get(`/v1/export/event/:id/${path}`, async (ctx, req, reply) => {
      const { event, data } = await certificateListOf(ctx, idParam(req));
      return download(reply, `Liste_fuer_Urkundendruck_${event.id}_${fileNamePart(event.name)}.xlsx`, XLSX_MIME, data);
    });
  }
  r.get("/v1/export/event/:id/overview", async (ctx, req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const raw = q.locationId ?? q.location_id;
    const locationId = raw === undefined || raw === "" ? null : /^\d+$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : -1;
    if (locationId === -1) throw new AppError("NOT_FOUND", "Veranstaltungsort nicht gefunden");
    const { event, location, data } = await overviewList(ctx, idParam(req), locationId);
    const name = `Uebersicht_${event.id}_${fileNamePart(event.name)}${location ? `_L${location.id}_${fileNamePart(location.name)}` : ""}.xlsx`;
    return download(reply, name, XLSX_MIME, data);
  });
}

/** The multipart uploads; registered in their own scope with @fastify/multipart (app.ts). */
export function resultUploadRoutes(r: RestRouter) {
  r.post("/v1/registration/dexam/location/:id/practice_sheets", async (ctx: ServiceCtx, req) => {
    const done = await uploadPracticeSheets(ctx, idParam(req), () => uploadedFiles(req, ["files", "files[]"]));
    return {
      uploaded: done.length,
      results: done.map((d) => ({ registration_id: d.registrationId, practice_points: d.practicePoints, file_name: d.fileName })),
    };
  });
  r.post("/v1/registration/competition/event/:id/pc_juror", async (ctx: ServiceCtx, req) => {
    const done = await uploadPcJuror(ctx, idParam(req), () => uploadedFiles(req, ["file"]));
    return { updated: done.length, results: done.map((d) => ({ registration_id: d.registrationId, points: d.points, mark: d.mark })) };
  });
}
