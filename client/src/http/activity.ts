/**
 * Counts the requests that are running; the blocking spinner overlay shows while the count is
 * above zero (R-SH063). Every request path (apiFetch, download, upload, Relay) goes through it.
 */
export interface ActivityCounter {
  /** Marks one request as running; the returned function ends it (calling it twice is harmless). */
  begin(): () => void;
  /** Runs `work` as one request and ends it after success and after failure (R-ER027). */
  track<T>(work: () => Promise<T>): Promise<T>;
  getCount(): number;
  subscribe(listener: () => void): () => void;
}

export function createActivityCounter(): ActivityCounter {
  let count = 0;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const begin = () => {
    count += 1;
    emit();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      count -= 1;
      emit();
    };
  };
  return {
    begin,
    async track(work) {
      const end = begin();
      try {
        return await work();
      } finally {
        end();
      }
    },
    getCount: () => count,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The application's request counter, read by the shell's LoadingOverlay. */
export const requestActivity = createActivityCounter();
