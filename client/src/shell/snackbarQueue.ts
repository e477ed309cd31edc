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
  /** Shows the message at once, in place of the one shown (the same message again only restarts its time). */
  push(message: SnackbarMessage): void;
  /** Closes the current message early. */
  dismiss(): void;
  current(): ShownMessage | null;
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

/**
 * One message at a time, each for the display time (R-SH064, R-SH065, R-BC020). A newer message
 * replaces the shown one instead of waiting behind it: queued, the notices of quick actions came
 * 5 s apart each and reported an action long after the next one had been taken. The same message
 * pushed again (a repeated click) keeps its place and starts its time anew.
 */
export function createSnackbarQueue(displayMs = SNACKBAR_DISPLAY_MS, timers: Timers = defaultTimers): SnackbarQueue {
  const listeners = new Set<() => void>();
  let shown: ShownMessage | null = null;
  let timer: unknown;
  let nextId = 1;

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const hide = () => {
    shown = null;
    timer = undefined;
    emit();
  };

  return {
    push(message) {
      if (timer !== undefined) timers.clearTimeout(timer);
      const same = shown !== null && shown.type === message.type && shown.text === message.text;
      if (!same) shown = { ...message, id: nextId++ };
      timer = timers.setTimeout(hide, displayMs);
      if (!same) emit();
    },
    dismiss() {
      if (!shown) return;
      timers.clearTimeout(timer);
      hide();
    },
    current: () => shown,
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
