/** Snackbar message types (R-EN042); success, error and information show in the success, error and primary colour (R-SH066). */
export type SnackbarType = "success" | "error" | "information";

export interface SnackbarMessage {
  type: SnackbarType;
  text: string;
}

export interface ShownMessage extends SnackbarMessage {
  id: number;
}

/** Each message is shown for 5000 ms (R-BC020; the other reading's 4500 ms timeout setting is not used). */
export const SNACKBAR_DISPLAY_MS = 5000;

export interface SnackbarQueue {
  push(message: SnackbarMessage): void;
  /** Closes the current message early and shows the next one. */
  dismiss(): void;
  current(): ShownMessage | null;
  pending(): number;
  subscribe(listener: () => void): () => void;
}

interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Messages queue up and are shown one at a time, each for the display time (R-SH064, R-SH065). */
export function createSnackbarQueue(displayMs = SNACKBAR_DISPLAY_MS, timers: Timers = defaultTimers): SnackbarQueue {
  const waiting: ShownMessage[] = [];
  const listeners = new Set<() => void>();
  let shown: ShownMessage | null = null;
  let timer: unknown;
  let nextId = 1;

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const showNext = () => {
    shown = waiting.shift() ?? null;
    timer = shown ? timers.setTimeout(showNext, displayMs) : undefined;
    emit();
  };

  return {
    push(message) {
      waiting.push({ ...message, id: nextId++ });
      if (!shown) showNext();
    },
    dismiss() {
      if (!shown) return;
      timers.clearTimeout(timer);
      showNext();
    },
    current: () => shown,
    pending: () => waiting.length,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The application's snackbar; screens call notify() after a call succeeded or failed (spec §7 "Answers"). */
export const appSnackbar = createSnackbarQueue();

export function notify(message: SnackbarMessage): void {
  appSnackbar.push(message);
}

/** Shows a failed call as an error notice (R-ER001); the error's message already carries the German prefix. */
export function notifyFailure(error: unknown): void {
  const text = error instanceof Error ? error.message : String(error);
  notify({ type: "error", text });
}
