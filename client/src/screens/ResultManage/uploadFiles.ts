import { MSG, RESULT_UPLOAD_MSG } from "@shared/messages";
import { PC_JUROR_EXTENSIONS, PRACTICE_SHEET_EXTENSIONS } from "@shared/resultUploads";
import { type FileLike, file } from "@shared/validation";
import { ApiError } from "../../http/apiError";
import { t } from "../../i18n/translate";

/**
 * The two result uploads (spec §5 "Uploads", §9): practice sheets are one or more .xlsx files, also
 * as the .zip the blank download gives (R-RE009), the competition results exactly one file,
 * PC Juror's pcjuror.xlsm or its list saved as .xlsx (R-VA045; shared/resultUploads.ts); every
 * upload needs a file (R-VA046) and each file is at most 5 MB (the shared `file()` rule).
 * `matched`: the field of the server's answer that counts the matched sheets or rows.
 */
export const UPLOAD_KINDS = {
  practiceSheets: {
    extensions: PRACTICE_SHEET_EXTENSIONS,
    typeMessage: RESULT_UPLOAD_MSG.practiceSheetType,
    multiple: true,
    field: "files",
    matched: "uploaded",
    matchedText: "results.upload.matchedSheets",
  },
  pcJuror: {
    extensions: PC_JUROR_EXTENSIONS,
    typeMessage: RESULT_UPLOAD_MSG.pcJurorType,
    multiple: false,
    field: "file",
    matched: "updated",
    matchedText: "results.upload.matchedRows",
  },
} as const;

export type UploadKind = keyof typeof UPLOAD_KINDS;

/** The file picker's `accept`: ".xlsx,.zip" or ".xlsm,.xlsx". */
export const acceptOf = (kind: UploadKind) => UPLOAD_KINDS[kind].extensions.map((extension) => `.${extension}`).join(",");

/**
 * The success notice: the spec's text (R-ER034) and how many sheets (practice sheets) or rows
 * (PC Juror) the server matched and stored, from its answer.
 */
export function uploadedText(kind: UploadKind, success: string, answer: unknown): string {
  const n = answer && typeof answer === "object" ? (answer as Record<string, unknown>)[UPLOAD_KINDS[kind].matched] : undefined;
  return t(UPLOAD_KINDS[kind].matchedText, { success, count: typeof n === "number" ? n : 0 });
}

/**
 * The German problems of a chosen set of files, one line per file ("„a.pdf“: Dieser Dateityp ist
 * nicht erlaubt"), plus "Bitte eine Datei auswählen" for none and "Bitte genau eine Datei
 * auswählen" for several where one is expected. Empty: the files may be sent.
 */
export function checkUploadFiles(kind: UploadKind, files: readonly FileLike[]): string[] {
  const { extensions, multiple, typeMessage } = UPLOAD_KINDS[kind];
  if (files.length === 0) return [MSG.fileMissing];
  const problems: string[] = [];
  if (!multiple && files.length > 1) problems.push(t("results.upload.onlyOne"));
  for (const chosen of files) {
    const message = file(chosen, extensions);
    if (message) problems.push(t("results.upload.fileProblem", { name: chosen.name, message: message === MSG.fileType ? typeMessage : message }));
  }
  return problems;
}

/** Adds newly chosen files to the list; a file of the same name replaces the earlier one (the server matches by name). */
export function mergeChosenFiles<T extends { name: string }>(current: readonly T[], added: readonly T[], multiple: boolean): T[] {
  if (!multiple) return added.slice(0, 1);
  const byName = new Map(current.map((entry) => [entry.name, entry]));
  for (const entry of added) byName.set(entry.name, entry);
  return [...byName.values()];
}

export interface UploadFailure {
  /** The whole text of the error notice: "{prefix}: {server message}" or "{prefix}: unknown error". */
  text: string;
  /** The server's headline before the list, e.g. "Keine Praxisbögen übernommen"; "" without one. */
  summary: string;
  /** One line per problem (a file or a row of the jury workbook), in the server's order. */
  lines: string[];
}

const fieldIndex = (key: string) => Number(/\.(\d+)$/.exec(key)?.[1] ?? Number.NaN);

/**
 * Splits a rejected upload for the error box: the server sends "Keine Praxisbögen übernommen:
 * „a.xlsx“: Grund; „b.xlsx“: Grund" with each problem also in `fields` ("files.0", "file.1", …);
 * those become the lines. A message without such fields (e.g. "413 file too large") stays one
 * line. Network failures and timeouts have no lines, only the summary "unknown error".
 */
export function uploadFailure(error: unknown): UploadFailure {
  const text = error instanceof Error ? error.message : String(error);
  // "{prefix}: unknown error", "{prefix}: User is not authenticated": the part after the prefix
  if (!(error instanceof ApiError) || error.kind !== "http")
    return { text, summary: text.includes(": ") ? text.slice(text.indexOf(": ") + 2) : text, lines: [] };
  const message = error.serverMessage ?? "";
  const lines = Object.entries(error.fields ?? {})
    .filter(([key]) => /^files?\.\d+$/.test(key))
    .sort((a, b) => fieldIndex(a[0]) - fieldIndex(b[0]))
    .map(([, line]) => line);
  if (lines.length === 0) return { text, summary: "", lines: message ? [message] : [] };
  const joined = lines.join("; ");
  const summary = message.endsWith(joined) ? message.slice(0, message.length - joined.length).replace(/[\s:]+$/, "") : "";
  return { text, summary, lines };
}
