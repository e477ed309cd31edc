import os from "node:os";

/** The spreadsheet threads' defaults (SPREADSHEET_THREADS, SPREADSHEET_QUEUE, SPREADSHEET_THREAD_MEMORY_MB; workers/README.md). */
export const DEFAULT_SPREADSHEET_POOL = {
  /** two threads, one on a single core: the main thread keeps a core for everybody else */
  threads: Math.max(1, Math.min(2, os.availableParallelism())),
  queue: 8,
  /** MB of V8 old generation per thread: a workbook of 90,000 rows (the heavy sheet) parses within 200 */
  memoryMb: 384,
};
