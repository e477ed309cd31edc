/** Message the framed app posts to its parent every 300 ms (R-SH008, R-SH009, R-BC021). */
export interface HeightMessage {
  type: "anmeldesystem:height";
  height: number;
}

export const HEIGHT_REPORT_INTERVAL_MS = 300;

interface ParentWindow {
  postMessage(message: HeightMessage, targetOrigin: string): void;
}

interface Timers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/**
 * The target origin of the height report: the parent's origin when the configured list contains
 * it (or "*"), otherwise the first configured entry; null (no report) when nothing is configured.
 * A wrong origin makes the browser drop the message, so the content height never leaks elsewhere.
 */
export function heightTargetOrigin(parentOrigins: readonly string[], parentOrigin: string | null): string | null {
  if (parentOrigins.length === 0) return null;
  if (parentOrigin && parentOrigins.includes(parentOrigin)) return parentOrigin;
  return parentOrigins[0];
}

/** Posts the content height to the parent every 300 ms; returns the function that stops it. */
export function startHeightReporter(options: {
  parent: ParentWindow;
  targetOrigin: string;
  measure: () => number;
  timers?: Timers;
  intervalMs?: number;
}): () => void {
  const timers: Timers = options.timers ?? {
    setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
    clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
  };
  const report = () => options.parent.postMessage({ type: "anmeldesystem:height", height: options.measure() }, options.targetOrigin);
  const handle = timers.setInterval(report, options.intervalMs ?? HEIGHT_REPORT_INTERVAL_MS);
  return () => timers.clearInterval(handle);
}
