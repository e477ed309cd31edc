// The work a spreadsheet worker thread does (pool.ts runs it): bytes or plain data in, plain data
// or bytes out. Nothing here touches the database, the request or the services: uploads are parsed
// and read here, validated and written by the service on the main thread; exports are built here
// from rows the service has already read and turned into cells.
import { Piscina } from "piscina";
import { zipOf } from "../domains/files/zip.ts";
import { type CertificateSpec, certificateWorkbook, type PcJurorListSpec, pcJurorWorkbook } from "../domains/results/exports.ts";
import { type JurorResult, readPcJurorResults } from "../domains/results/pcjuror.ts";
import { buildPracticeSheet, type PracticeSheetData, type ReadSheet, readPracticeSheet, storedPracticeSheet } from "../domains/results/sheet.ts";
import { type InfoLine, type ListSpec, loadUploadedWorkbook, streamedListWorkbook, UploadRejected } from "../domains/results/xlsx.ts";

export type NamedBytes = { name: string; data: Uint8Array };

/** Each task and what it answers. A refused upload answers { rejected: message } (UploadRejected does not cross threads). */
export type SpreadsheetTasks = {
  /** `clean`: what is stored of the sheet, its values rewritten into a clean workbook (null when the sheet is not ours) */
  readPracticeSheet: { in: { data: Uint8Array }; out: { sheet: ReadSheet | null; clean: Uint8Array | null } | { rejected: string } };
  readPcJuror: { in: { data: Uint8Array; format: "xlsx" | "xlsm" }; out: { read: { results: JurorResult[]; errors: string[] } } | { rejected: string } };
  listWorkbook: { in: { list: ListSpec; info: { name: string; lines: InfoLine[] } }; out: Uint8Array };
  certificateWorkbook: { in: CertificateSpec; out: Uint8Array };
  pcJurorWorkbook: { in: PcJurorListSpec; out: Uint8Array };
  practiceSheetsZip: { in: { sheets: { name: string; sheet: PracticeSheetData }[]; empty: string }; out: Uint8Array };
  zip: { in: { files: NamedBytes[]; empty: string }; out: Uint8Array };
  /** nothing: starts a thread (SpreadsheetPool.warm) */
  ping: { in: Record<string, never>; out: true };
};
export type TaskKind = keyof SpreadsheetTasks;
export type Task = { [K in TaskKind]: { kind: K } & SpreadsheetTasks[K]["in"] }[TaskKind];

/** Bytes handed back without a copy: moved to the main thread (its own ArrayBuffer; a pooled Buffer is copied first). */
function moved(bytes: Uint8Array): Uint8Array {
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
  return Piscina.move(own) as Uint8Array;
}

async function rejectedOr<T>(work: () => Promise<T>): Promise<T | { rejected: string }> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof UploadRejected) return { rejected: e.message };
    throw e;
  }
}

const handlers: { [K in TaskKind]: (task: SpreadsheetTasks[K]["in"]) => Promise<SpreadsheetTasks[K]["out"]> } = {
  readPracticeSheet: (t) =>
    rejectedOr(async () => {
      const wb = await loadUploadedWorkbook(t.data, "xlsx");
      const sheet = readPracticeSheet(wb);
      return { sheet, clean: sheet ? new Uint8Array(await storedPracticeSheet(wb)) : null };
    }),
  readPcJuror: (t) => rejectedOr(async () => ({ read: readPcJurorResults(await loadUploadedWorkbook(t.data, t.format)) })),
  listWorkbook: async (t) => moved(await streamedListWorkbook(t.list, t.info)),
  certificateWorkbook: async (t) => moved(await certificateWorkbook(t)),
  pcJurorWorkbook: async (t) => moved(await pcJurorWorkbook(t)),
  practiceSheetsZip: async (t) => {
    const files: NamedBytes[] = [];
    for (const s of t.sheets) files.push({ name: s.name, data: await buildPracticeSheet(s.sheet) });
    return moved(zipOf(files, t.empty));
  },
  zip: async (t) => moved(zipOf(t.files, t.empty)),
  ping: async () => true,
};

export default function run(task: Task): Promise<unknown> {
  const handler = handlers[task.kind] as (t: Task) => Promise<unknown>;
  return handler(task);
}
