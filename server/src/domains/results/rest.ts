// /v1 routes of results management and the exports (spec section 7). Every export is served in
// both spellings (R-API033): underscores, and the hyphenated segments the spec lists.

import { z } from "zod";
import { AppError } from "../../auth/errors.ts";
import { uploadedFiles } from "../../http/multipart.ts";
import { download, idParam, type RestRouter } from "../../http/rest.ts";
import * as w from "../../http/wireSchema.ts";
import { isInt4 } from "../../shared/validation.ts";
import { zipInThread } from "../../workers/pool.ts";
import type { ServiceCtx } from "../context.ts";
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

/** The compact /v1 answer of a result change. */
export const ResultWire = z.object({
  id: z.int(),
  theory_location_id: z.int().nullable(),
  practice_location_id: z.int().nullable(),
  result: z.object({ theory_points: z.number().nullable(), practice_points: z.number().nullable() }),
  practice_sheet_file_id: z.int().nullable(),
});

const resultWire = (r: {
  id: number;
  theoryLocationId: number | null;
  practiceLocationId: number | null;
  theoryPoints: unknown;
  practicePoints: unknown;
  practiceSheetFileId: number | null;
}): z.infer<typeof ResultWire> => ({
  id: r.id,
  theory_location_id: r.theoryLocationId,
  practice_location_id: r.practiceLocationId,
  result: {
    theory_points: r.theoryPoints === null ? null : Number(r.theoryPoints),
    practice_points: r.practicePoints === null ? null : Number(r.practicePoints),
  },
  practice_sheet_file_id: r.practiceSheetFileId,
});

/**
 * The theory result body (decision R-API067: { "theory_points": number }). The value goes to the
 * points rule as sent (results/rules.ts pointsError): its messages ("Die Punktzahl muss eine Zahl
 * sein", the range, two decimals) are the answer for every wrong value.
 */
const TheoryResultBody = w
  .body({
    theory_points: z
      .unknown()
      .optional()
      .meta({ type: "number", minimum: 0, maximum: 100, description: "Die Theoriepunkte: 0 bis 100, höchstens zwei Nachkommastellen" }),
  })
  // required by the points rule (a missing value: "Bitte eine Punktzahl eingeben"), not by the reader
  .meta({ required: ["theory_points"] });

/** The overview's location filter, as `locationId` or `location_id`; an id that is no number names no location (404, as a path id). */
const locationFilter = () =>
  z
    .unknown()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "" ? null : typeof v === "string" && /^\d+$/.test(v) && isInt4(Number(v)) ? Number(v) : Number.NaN))
    .meta({ type: "integer", minimum: 0 });
const OverviewQuery = w.query({ locationId: locationFilter(), location_id: locationFilter() });

// the examples run against the demo data (prisma/demo.ts): event 1 "D-Prüfungen Frühjahr" (practice
// location 2 with two candidates), event 2 last autumn's exams (Paul Prüfling passed), event 4
// "Wertungsspiele"; registration 8 is the camp registration the D-exam create example makes (theory
// location 8)
const CAMP_REGISTRATION = 8;
const CAMP_THEORY = 8;

/** The practice location of the demo's spring exams (Felix, registration 2, and Sven), whose sheets the upload example fills. */
const SPRING_PRACTICE = 2;
const FELIX = 2;

export function resultRoutes(r: RestRouter) {
  // theory result (R-API054, body decision R-API067: { "theory_points": number })
  r.put(
    "/v1/registration/dexam/:registrationId/location/:locationId/theory_result",
    {
      tag: "Ergebnisse",
      summary: "Theoriepunkte eintragen",
      description:
        "results_manage des Kreisverbands trägt die Theoriepunkte am Theorieprüfungsort der Anmeldung ein (ein anderer Ort: 400). " +
        "Eine stornierte Anmeldung erhält kein Ergebnis (409).",
      body: TheoryResultBody,
      response: ResultWire,
      example: { params: { registrationId: CAMP_REGISTRATION, locationId: CAMP_THEORY }, body: { theory_points: 30.5 } },
    },
    async (ctx, req) => {
      const b = w.readBody(TheoryResultBody, req.body);
      return resultWire(await setTheoryResult(ctx, idParam(req, "registrationId"), idParam(req, "locationId"), b.theory_points));
    },
  );
  r.delete(
    "/v1/registration/dexam/:registrationId/location/:locationId/result",
    {
      tag: "Ergebnisse",
      summary: "Ergebnis eines Prüfungsteils löschen",
      description:
        "results_manage des Kreisverbands: am Theorieprüfungsort die Theoriepunkte, am Praxisprüfungsort die Praxispunkte mit dem gespeicherten Auswertungsbogen. " +
        "Ein Ort, der kein Prüfungsort der Anmeldung ist: 400.",
      status: 204,
      example: { params: { registrationId: CAMP_REGISTRATION, locationId: CAMP_THEORY } },
    },
    async (ctx, req) => {
      await deleteResult(ctx, idParam(req, "registrationId"), idParam(req, "locationId"));
      return null;
    },
  );

  // practice sheets (R-API038, R-API039, R-API041)
  for (const seg of ["blank_practice_sheets", "blank-practice-sheets"]) {
    r.get(
      `/v1/export/location/:id/dexam/${seg}`,
      {
        tag: "Exporte",
        summary: "Blanko-Auswertungsbögen eines Praxisprüfungsorts herunterladen (ZIP)",
        description:
          "Ein Auswertungsbogen (.xlsx) je aktiver Anmeldung des Praxisprüfungsorts (auch unter …/blank_practice_sheets und …/blank-practice-sheets): " +
          "Ergebnis-, Anmelde- und Veranstaltungspersonal des Kreisverbands. Kein Praxisprüfungsort oder keine aktive Anmeldung: 409.",
        file: ["application/zip"],
        example: { params: { id: 2 } },
      },
      async (ctx, req, reply) => {
        const { location, zip } = await blankPracticeSheets(ctx, idParam(req));
        return download(reply, `Blanko-Auswertungsboegen_L${location.id}_${fileNamePart(location.name)}.zip`, "application/zip", zip);
      },
    );
  }
  for (const seg of ["practice_sheets", "practice-sheets"]) {
    r.get(
      `/v1/export/location/:id/dexam/${seg}`,
      {
        tag: "Exporte",
        summary: "Hochgeladene Auswertungsbögen eines Praxisprüfungsorts herunterladen (ZIP)",
        description:
          "Die ausgefüllten, hochgeladenen Auswertungsbögen des Praxisprüfungsorts (auch unter …/practice_sheets und …/practice-sheets): " +
          "Ergebnis- und Anmeldepersonal des Kreisverbands. Noch keiner hochgeladen: 409. Das Beispiel zeigt die Bögen, die das Upload-Beispiel hochlädt.",
        file: ["application/zip"],
        example: { params: { id: SPRING_PRACTICE } },
      },
      async (ctx, req, reply) => {
        const { location, files } = await filledPracticeSheets(ctx, idParam(req));
        const zip = await zipInThread(files, "Zu diesem Prüfungsort sind noch keine Auswertungsbögen hochgeladen.");
        return download(reply, `Auswertungsboegen_L${location.id}_${fileNamePart(location.name)}.zip`, "application/zip", zip);
      },
    );
  }
  for (const seg of ["practice_sheet", "practice-sheet"]) {
    r.get(
      `/v1/export/registration/dexam/:id/${seg}`,
      {
        tag: "Exporte",
        summary: "Hochgeladenen Auswertungsbogen einer Anmeldung herunterladen",
        description:
          "Der hochgeladene Auswertungsbogen (.xlsx) einer Anmeldung (auch unter …/practice_sheet und …/practice-sheet): Anmelde- und Ergebnispersonal " +
          "des Kreisverbands; die Mitglieder des Vereins, sobald der Praxisprüfungsort die Ergebnisse veröffentlicht. Ohne Bogen: 404. " +
          "Das Beispiel zeigt den Bogen, den das Upload-Beispiel hochlädt.",
        file: [XLSX_MIME],
        example: { params: { id: FELIX } },
      },
      async (ctx, req, reply) => {
        const file = await practiceSheetOf(ctx, idParam(req));
        return download(reply, file.name, file.mimeType, file.data);
      },
    );
  }

  // lists (R-API034, R-API036, R-API037)
  for (const path of ["competition/pc_juror_import", "competition-pc-juror-import"]) {
    r.get(
      `/v1/export/event/:id/${path}`,
      {
        tag: "Exporte",
        summary: "PC-Juror-Importliste eines Wertungsspiels herunterladen",
        description:
          "Die aktiven Anmeldungen eines Wertungsspiels mit allem, was das Jury-Programm braucht (.xlsx; auch unter …/competition/pc_juror_import und " +
          "…/competition-pc-juror-import): Ergebnis- und Anmeldepersonal des Kreisverbands. Andere Veranstaltungen: 409.",
        file: [XLSX_MIME],
        example: { params: { id: 4 } },
      },
      async (ctx, req, reply) => {
        const { event, data } = await pcJurorList(ctx, idParam(req));
        return download(reply, `PC_Juror_Importliste_${event.id}_${fileNamePart(event.name)}.xlsx`, XLSX_MIME, data);
      },
    );
  }
  for (const path of ["dexam/certificate_list", "dexam-certificate-list"]) {
    r.get(
      `/v1/export/event/:id/${path}`,
      {
        tag: "Exporte",
        summary: "Liste für den Urkundendruck herunterladen",
        description:
          "Die bestandenen Prüflinge einer D-Prüfung (.xlsx; auch unter …/dexam/certificate_list und …/dexam-certificate-list): " +
          "results_read/results_manage des Kreisverbands. Wertungsspiele: 409.",
        file: [XLSX_MIME],
        example: { params: { id: 2 } },
      },
      async (ctx, req, reply) => {
        const { event, data } = await certificateListOf(ctx, idParam(req));
        return download(reply, `Liste_fuer_Urkundendruck_${event.id}_${fileNamePart(event.name)}.xlsx`, XLSX_MIME, data);
      },
    );
  }
  r.get(
    "/v1/export/event/:id/overview",
    {
      tag: "Exporte",
      summary: "Übersichtsliste einer Veranstaltung herunterladen",
      description:
        "Die Anmeldungen einer Veranstaltung oder eines ihrer Orte (`locationId`, auch `location_id`) mit Ergebnissen und bei Freizeiten den " +
        "Gesundheitsangaben (.xlsx): registration_read/registration_manage des Kreisverbands. Ein Ort einer anderen Veranstaltung: 404.",
      query: OverviewQuery,
      file: [XLSX_MIME],
      example: { params: { id: 1 }, query: { locationId: "2" } },
    },
    async (ctx, req, reply) => {
      const q = w.readQuery(OverviewQuery, req.query);
      const raw = q.locationId !== undefined ? q.locationId : q.location_id;
      if (Number.isNaN(raw)) throw new AppError("NOT_FOUND", "Veranstaltungsort nicht gefunden");
      const { event, location, data } = await overviewList(ctx, idParam(req), raw ?? null);
      const name = `Uebersicht_${event.id}_${fileNamePart(event.name)}${location ? `_L${location.id}_${fileNamePart(location.name)}` : ""}.xlsx`;
      return download(reply, name, XLSX_MIME, data);
    },
  );
}

export const PracticeSheetUploadWire = z.object({
  uploaded: z.int(),
  results: z.array(z.object({ registration_id: z.int(), practice_points: z.number(), file_name: z.string() })),
});
export const PcJurorUploadWire = z.object({
  updated: z.int(),
  results: z.array(z.object({ registration_id: z.int(), points: z.number().nullable(), mark: z.string().nullable() })),
});

/** The multipart uploads; registered in their own scope with @fastify/multipart (app.ts). */
export function resultUploadRoutes(r: RestRouter) {
  r.post(
    "/v1/registration/dexam/location/:id/practice_sheets",
    {
      tag: "Ergebnisse",
      summary: "Ausgefüllte Auswertungsbögen hochladen",
      description:
        "results_manage des Kreisverbands lädt die ausgefüllten Auswertungsbögen (.xlsx, mehrere auf einmal, auch als .zip wie der Blanko-Download) eines Praxisprüfungsorts hoch. " +
        "Jeder Bogen wird geprüft (Typ, Inhalt, Kennungen und Prüfcode, Dateiname, Ort, Anmeldung, Punkte); ein Fehler weist den ganzen Upload ab " +
        "(400 mit einer Meldung je Datei), dann wird nichts gespeichert. Beispiel: die Blanko-Bögen des Orts (…/blank_practice_sheets), je 50 Punkte eingetragen.",
      example: { params: { id: SPRING_PRACTICE } },
      upload: [
        {
          field: "files",
          many: true,
          description:
            "Die Auswertungsbögen (.xlsx, wie die Blanko-Bögen sie benennen, oder ein .zip mit ihnen); auch als files[]. Gespeichert wird je Bogen eine saubere Kopie seiner Werte.",
        },
      ],
      response: PracticeSheetUploadWire,
    },
    async (ctx: ServiceCtx, req): Promise<z.infer<typeof PracticeSheetUploadWire>> => {
      const done = await uploadPracticeSheets(ctx, idParam(req), () => uploadedFiles(req, ["files", "files[]"]));
      return {
        uploaded: done.length,
        results: done.map((d) => ({ registration_id: d.registrationId, practice_points: d.practicePoints, file_name: d.fileName })),
      };
    },
  );
  r.post(
    "/v1/registration/competition/event/:id/pc_juror",
    {
      tag: "Ergebnisse",
      summary: "PC-Juror-Ergebnisse hochladen",
      description:
        "results_manage des Kreisverbands lädt die Datei des Jury-Programms (pcjuror.xlsm, oder die von Hand ausgefüllte Liste als .xlsx) eines Wertungsspiels hoch: Punkte und Prädikat je Anmeldung. " +
        "Jede Zeile muss eine aktive Anmeldung dieser Veranstaltung nennen; sonst wird nichts übernommen (400). " +
        "Beispiel: die Wertungsspiele der Demodaten (Veranstaltung 4) mit der Anmeldung, die das Anlege-Beispiel macht.",
      example: { params: { id: 4 } },
      upload: [{ field: "file", many: false, description: "Die Datei pcjuror.xlsm (oder die Liste als .xlsx)" }],
      response: PcJurorUploadWire,
    },
    async (ctx: ServiceCtx, req): Promise<z.infer<typeof PcJurorUploadWire>> => {
      const done = await uploadPcJuror(ctx, idParam(req), () => uploadedFiles(req, ["file"]));
      return { updated: done.length, results: done.map((d) => ({ registration_id: d.registrationId, points: d.points, mark: d.mark })) };
    },
  );
}
