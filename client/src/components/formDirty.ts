import { createContext, useContext } from "react";

/**
 * FormDialog asks "Eingaben verwerfen?" only after something was entered. Native inputs tell it
 * through their input events; controls without one (Ark UI select, combobox, calendar) call this.
 */
export const FormDirtyContext = createContext<() => void>(() => {});

/** The function that marks the surrounding dialog's form as changed (a no-op outside a dialog). */
export function useMarkDirty(): () => void {
  return useContext(FormDirtyContext);
}
