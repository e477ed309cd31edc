// The spreadsheet worker pool (README.md here): piscina threads with a heap limit each, a few
// places and a bounded queue in front of them. Uploads are parsed and exports built in a thread, so
// the main thread keeps answering everybody else while a heavy workbook is read.
import type { Piscina } from "piscina";
import { AppError } from "../auth/errors.ts";
import { DEFAULT_SPREADSHEET_POOL } from "./defaults.ts";
import type { SpreadsheetTasks, Task, TaskKind } from "./spreadsheet-tasks.ts";

export type SpreadsheetPoolOptions = {
  /** threads working at once (and the places a request can take) */
  threads: number;
  /** requests that may wait for a place; one more answers 503 with Retry-After */
  queue: number;
  /** V8 old-generation heap of one thread, MB; beyond it the thread dies and the request answers 413 */
  memoryMb: number;
};

export { DEFAULT_SPREADSHEET_POOL };

export const WORKBOOKS_BUSY = "Es werden gerade zu viele Excel-Dateien verarbeitet. Bitte in einigen Sekunden erneut hochladen.";
export const workbooksBusy = () => Object.assign(new AppError("UNAVAILABLE", WORKBOOKS_BUSY), { retryAfter: 5 });
export const WORKBOOK_TOO_HEAVY = "Die Datei ist zu umfangreich, um sie zu verarbeiten (Speichergrenze überschritten). Bitte eine kleinere Datei hochladen.";
export const EXPORT_TOO_HEAVY = "Die Datei ist zu umfangreich, um sie zu erstellen (Speichergrenze überschritten).";

/** A counting semaphore with a bounded queue: `run` waits for a place, or throws `busy()` when the queue is full too. */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(
    readonly slots: number,
    readonly queue: number,
    private readonly busy: () => Error,
  ) {
    this.free = slots;
  }
  /** A place, once one is free: call the answer to give it back (once). */
  async acquire(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else if (this.waiting.length >= this.queue) throw this.busy();
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }
  /** Places taken or waited for. */
  get busyCount() {
    return this.slots - this.free + this.waiting.length;
  }
}

/** A task's thread ran out of its heap (resourceLimits) or died otherwise: not the caller's bug, not a 500. */
export class WorkerCrashed extends Error {}

/**
 * Where the thread's code is. From the production bundle (dist/server/main.mjs): the bundled
 * spreadsheet-worker.mjs beside it (scripts/build.mjs makes it an entry of its own). From the
 * sources (tsx in development, vitest in the tests): a small .mjs that registers tsx in the thread
 * and loads spreadsheet-tasks.ts.
 */
export function workerFile(): string {
  const here = import.meta.url;
  return new URL(here.endsWith(".ts") ? "./worker-dev.mjs" : "./spreadsheet-worker.mjs", here).href;
}

export class SpreadsheetPool {
  private options: SpreadsheetPoolOptions = DEFAULT_SPREADSHEET_POOL;
  private piscina: Piscina | null = null;
  /** the places: one per thread, `queue` more may wait */
  slots = new Slots(this.options.threads, this.options.queue, workbooksBusy);

  /** Sets threads, queue and heap limit; the threads of the old settings end when idle. */
  configure(options: Partial<SpreadsheetPoolOptions>) {
    const next = { ...this.options, ...options };
    if (next.threads === this.options.threads && next.queue === this.options.queue && next.memoryMb === this.options.memoryMb) return;
    if (next.threads < 1) throw new Error("spreadsheet pool: threads must be at least 1");
    this.options = next;
    this.slots = new Slots(next.threads, next.queue, workbooksBusy);
    const old = this.piscina;
    this.piscina = null;
    if (old) void old.destroy();
  }

  get settings(): Readonly<SpreadsheetPoolOptions> {
    return this.options;
  }

  /** Threads running now (0 before the first task and after they were idle for 30 s). */
  get threadCount(): number {
    return this.piscina?.threads.length ?? 0;
  }

  /**
   * The threads, made on the first task: no thread runs (and piscina is not even loaded) before the
   * first upload or export, which keeps an idle server small (README "Performance", idle memory).
   */
  private async pool(): Promise<Piscina> {
    if (!this.piscina) {
      const { Piscina } = await import("piscina");
      if (this.piscina) return this.piscina;
      const { threads, memoryMb } = this.options;
      this.piscina = new Piscina({
        filename: workerFile(),
        minThreads: 0,
        maxThreads: threads,
        // the places in front admit at most `threads` tasks at a time; this bound never bites
        maxQueue: threads,
        idleTimeout: 30_000,
        // below the request thread's priority (Linux: the thread's nice value, @napi-rs/nice, piscina's
        // optional dependency): on a busy machine the threads wait, not the other users' requests
        niceIncrement: 10,
        resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 32 },
      });
      // a thread that dies without a task (its start failed, or it ran out of heap while idle) is
      // replaced by piscina; without a listener the event would end the process
      this.piscina.on("error", (e: Error) => process.emitWarning(`spreadsheet thread: ${e.message}`));
    }
    return this.piscina;
  }

  /**
   * Runs a task in a thread once a place is free (503 with Retry-After when all places and the
   * queue are taken). Bytes in `transfer` are moved to the thread (give copies you no longer need).
   */
  async run<K extends TaskKind>(task: Extract<Task, { kind: K }>, transfer: ArrayBuffer[] = []): Promise<SpreadsheetTasks[K]["out"]> {
    const slots = this.slots;
    const release = await slots.acquire();
    try {
      return (await (await this.pool()).run(task, { transferList: transfer })) as SpreadsheetTasks[K]["out"];
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === "ERR_WORKER_OUT_OF_MEMORY" || /Terminating worker thread|exited|out of memory/i.test((e as Error).message ?? ""))
        throw new WorkerCrashed((e as Error).message);
      if (/Task queue is at limit/.test((e as Error).message ?? "")) throw workbooksBusy();
      throw e;
    } finally {
      release();
    }
  }

  /** A file built in a thread (an export, a zip): a thread out of heap answers 413 with a German message, not 500. */
  async build<K extends TaskKind>(task: Extract<Task, { kind: K }>, transfer: ArrayBuffer[] = []): Promise<SpreadsheetTasks[K]["out"]> {
    try {
      return await this.run(task, transfer);
    } catch (e) {
      if (e instanceof WorkerCrashed) throw new AppError("PAYLOAD_TOO_LARGE", EXPORT_TOO_HEAVY);
      throw e;
    }
  }

  /**
   * Starts the threads and loads their code (a few seconds from the TypeScript sources, where the
   * thread compiles its modules), so the first upload does not wait for it: tests call it first.
   */
  async warm() {
    await Promise.all(Array.from({ length: this.options.threads }, async () => (await this.pool()).run({ kind: "ping" })));
  }

  /** Ends the threads (the server's close); the next task starts new ones. */
  async close() {
    const old = this.piscina;
    this.piscina = null;
    if (old) await old.destroy();
  }
}

/** The process's spreadsheet threads (app.ts configures them from SPREADSHEET_*). */
export const spreadsheetPool = new SpreadsheetPool();

/** A copy of `bytes` in an ArrayBuffer of its own, to be moved to a thread (a Buffer may share its memory with others). */
export function ownCopy(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}

/** Bytes as a Buffer without a copy. */
export const asBuffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/** A zip of files (files/zip.ts zipOf) made in a spreadsheet thread: the bytes are copied there. */
export async function zipInThread(files: { name: string; data: Uint8Array }[], empty: string): Promise<Buffer> {
  const copies = files.map((f) => ({ name: f.name, data: ownCopy(f.data) }));
  return asBuffer(
    await spreadsheetPool.build(
      { kind: "zip", files: copies, empty },
      copies.map((c) => c.data.buffer),
    ),
  );
}
