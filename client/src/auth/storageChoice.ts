/**
 * The first storage the browser lets us use. Inside a cross-site frame, browsers that block
 * third-party storage throw on any access to localStorage; the session then lives in the next
 * candidate or in memory (signed in for the page's lifetime) instead of breaking the start-up.
 */
export function pickStorage(candidates: readonly (() => Storage)[], fallback: () => Storage): Storage {
  for (const candidate of candidates) {
    try {
      const storage = candidate();
      const probe = "anmeldesystem:storage-probe";
      storage.setItem(probe, "1");
      storage.removeItem(probe);
      return storage;
    } catch {
      // Not available here: try the next one.
    }
  }
  return fallback();
}
