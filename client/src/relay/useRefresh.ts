import { useCallback, useState, useTransition } from "react";

/**
 * Refreshing a screen's list after a change (spec §7 "Answers": the affected list is refreshed):
 * `fetchKey` goes into useLazyLoadQuery with fetchPolicy "store-and-network"; the rows stay on
 * screen while the new answer is on its way (`pending`).
 */
export function useRefresh() {
  const [fetchKey, setFetchKey] = useState(0);
  const [pending, startTransition] = useTransition();
  const refresh = useCallback(() => startTransition(() => setFetchKey((key) => key + 1)), []);
  return { fetchKey, refresh, pending, startTransition };
}
