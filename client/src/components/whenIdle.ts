/**
 * Runs `work` once the browser is idle (at the latest after `timeoutMs`), or after a second where
 * requestIdleCallback is missing (e.g. Safari). Returns the cancel for an effect's clean-up.
 */
export function whenIdle(work: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, 1000);
  return () => window.clearTimeout(timer);
}
