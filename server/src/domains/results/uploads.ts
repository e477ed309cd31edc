// Uploaded workbooks read in a spreadsheet thread (workers/pool.ts): the bytes go there (a copy,
// moved), what the sheet says comes back as plain data; the service validates it and writes in
// its transaction on the main thread. A refusal of the guards (xlsx.ts) is an UploadRejected here
// too; a thread that ran out of its heap answers 413 naming the file.
import { AppError } from "../../auth/errors.ts";
import { MSG, RESULT_UPLOAD_MSG } from "../../shared/messages.ts";
import { extensionOf } from "../../shared/resultUploads.ts";
import { MAX_UPLOAD_BYTES } from "../../shared/validation.ts";
import { ownCopy, spreadsheetPool, WORKBOOK_TOO_HEAVY, WorkerCrashed } from "../../workers/pool.ts";
import { safeFileName } from "../files/rules.ts";
import { readZip, WORKBOOK_LIMITS, ZipRejected } from "../files/zip.ts";
import type { JurorResult } from "./pcjuror.ts";
import type { ReadSheet } from "./sheet.ts";
import { UploadRejected } from "./xlsx.ts";

export { UploadRejected };

type Named = { name: string; data: Uint8Array };

async function inThread<T>(file: Named, work: (data: Uint8Array<ArrayBuffer>) => Promise<T | { rejected: string }>): Promise<T> {
  const data = ownCopy(file.data);
  let out: T | { rejected: string };
  try {
    out = await work(data);
  } catch (e) {
    if (e instanceof WorkerCrashed) throw new AppError("PAYLOAD_TOO_LARGE", `„${file.name}“: ${WORKBOOK_TOO_HEAVY}`);
    throw e;
  }
  if (out && typeof out === "object" && "rejected" in out) throw new UploadRejected(out.rejected);
  return out as T;
}

/**
 * The ids and points of an uploaded practice sheet (.xlsx), null when it is not one of ours; with
 * `clean`, the bytes to store (sheet.ts storedPracticeSheet).
 */
export async function readUploadedPracticeSheet(file: Named): Promise<{ sheet: ReadSheet; clean: Uint8Array } | null> {
  const out = await inThread(file, (data) => spreadsheetPool.run({ kind: "readPracticeSheet", data }, [data.buffer]));
  return out.sheet && out.clean ? { sheet: out.sheet, clean: out.clean } : null;
}

/** A sheet's reading: its ids, points and clean copy, null when it is not ours, or the guards' refusal. */
export type SheetRead = Awaited<ReturnType<typeof readUploadedPracticeSheet>> | UploadRejected;

/**
 * Reads the sheets of `files` that `wanted` names, as many at once as the pool has threads (each
 * sheet is read and rewritten in a thread: an upload of many sheets uses them all). Answers per
 * file in the files' order (undefined where not wanted); any failure but a refusal ends the reading.
 */
export async function readUploadedPracticeSheets<F extends Named>(files: F[], wanted: (file: F) => boolean): Promise<(SheetRead | undefined)[]> {
  const out: (SheetRead | undefined)[] = new Array(files.length);
  let next = 0;
  const reader = async () => {
    for (let i = next++; i < files.length; i = next++) {
      if (!wanted(files[i])) continue;
      try {
        out[i] = await readUploadedPracticeSheet(files[i]);
      } catch (e) {
        if (!(e instanceof UploadRejected)) throw e;
        out[i] = e;
      }
    }
  };
  await Promise.all(Array.from({ length: spreadsheetPool.settings.threads }, reader));
  return out;
}

/** The rows of an uploaded PC Juror result workbook: PC Juror's .xlsm, or the list filled by hand and saved as .xlsx (`format`: its extension). */
export async function readUploadedPcJuror(file: Named, format: "xlsx" | "xlsm"): Promise<{ results: JurorResult[]; errors: string[] }> {
  const out = await inThread(file, (data) => spreadsheetPool.run({ kind: "readPcJuror", data, format }, [data.buffer]));
  return out.read;
}

/** A file of an upload, or the German reason it cannot be read as one. */
export type UploadedSheet = Named & { error?: string };

/**
 * The practice sheets of an upload (R-RE009): each .xlsx as sent; each .zip (as the blank
 * download gives it, or zipped again with a folder) unpacked into its .xlsx entries, named without
 * folders. Other entries (LIESMICH.txt, __MACOSX/, lock files "~$…") are passed over. The zips of
 * one upload unpack to at most WORKBOOK_LIMITS' 50 MB together, each sheet to 5 MB; a zip that is
 * corrupt, too large or without sheets comes back as one entry with its reason.
 */
export async function practiceSheetFiles(files: Named[]): Promise<UploadedSheet[]> {
  const out: UploadedSheet[] = [];
  let budget = WORKBOOK_LIMITS.maxUncompressedBytes;
  for (const file of files) {
    if (extensionOf(file.name) !== "zip") {
      out.push(file);
      continue;
    }
    let entries: Map<string, Uint8Array>;
    try {
      entries = await readZip(file.data, { maxEntries: WORKBOOK_LIMITS.maxEntries, maxUncompressedBytes: budget });
    } catch (e) {
      if (!(e instanceof ZipRejected)) throw e;
      out.push({ ...file, error: e.message.replace("keine gültige Excel-Datei", "keine gültige ZIP-Datei") });
      continue;
    }
    for (const data of entries.values()) budget -= data.length;
    const sheets = [...entries].filter(([name]) => {
      const base = name.split("/").pop() ?? "";
      return !name.startsWith("__MACOSX/") && !base.startsWith("~$") && !base.startsWith(".") && extensionOf(base) === "xlsx";
    });
    if (sheets.length === 0) out.push({ ...file, error: RESULT_UPLOAD_MSG.zipWithoutSheets });
    for (const [name, data] of sheets) {
      const sheet = { name: safeFileName(name), data };
      out.push(data.length > MAX_UPLOAD_BYTES ? { ...sheet, error: MSG.fileTooLarge } : sheet);
    }
  }
  return out;
}
