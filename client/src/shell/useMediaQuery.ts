import { useCallback, useSyncExternalStore } from "react";

/** Desktop layout from 960 px on: rail drawer; below it a top bar with a toggle. */
export const DESKTOP_MEDIA_QUERY = "(min-width: 960px)";

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
