import { useCallback, useState } from "react";

/**
 * The element that had focus when a dialog opened, for Ark UI's `finalFocusEl`: closing the dialog
 * gives focus back there (e.g. the row's menu button), or lets Ark choose when it is gone.
 */
export function useReturnFocus(): () => HTMLElement | null {
  const [returnTo] = useState(() => (typeof document !== "undefined" && document.activeElement instanceof HTMLElement ? document.activeElement : null));
  return useCallback(() => (returnTo?.isConnected && returnTo !== document.body ? returnTo : null), [returnTo]);
}
