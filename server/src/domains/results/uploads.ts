// Uploaded workbooks read in a spreadsheet thread (workers/pool.ts): the bytes go there (a copy,
// moved), what the sheet says comes back as plain data; the service validates it and writes in
// its transaction on the main thread. A refusal of the guards (xlsx.ts) is an UploadRejected here
// too; a thread that ran out of its heap answers 413 naming the file.
import { AppError } from "../../auth/errors.ts";
import { ownCopy, spreadsheetPool, WORKBOOK_TOO_HEAVY, WorkerCrashed } from "../../workers/pool.ts";
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

/** The ids and points of an uploaded practice sheet (.xlsx); null when it is not one of ours. */
export async function readUploadedPracticeSheet(file: Named): Promise<ReadSheet | null> {
  const out = await inThread(file, (data) => spreadsheetPool.run({ kind: "readPracticeSheet", data }, [data.buffer]));
  return out.sheet;
}

/** The rows of an uploaded PC Juror result workbook (.xlsm). */
export async function readUploadedPcJuror(file: Named): Promise<{ results: JurorResult[]; errors: string[] }> {
  const out = await inThread(file, (data) => spreadsheetPool.run({ kind: "readPcJuror", data }, [data.buffer]));
  return out.read;
}
