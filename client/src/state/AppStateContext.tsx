import { createContext, type Dispatch, type ReactNode, useContext, useMemo, useReducer } from "react";
import { type AppState, type AppStateAction, appStateReducer, initialAppState } from "./appState";

interface AppStateValue {
  state: AppState;
  dispatch: Dispatch<AppStateAction>;
}

const AppStateContext = createContext<AppStateValue | null>(null);

export function AppStateProvider({ ownDistrictAssociationId, children }: { ownDistrictAssociationId: number | null; children: ReactNode }) {
  const [state, dispatch] = useReducer(appStateReducer, ownDistrictAssociationId, initialAppState);
  const value = useMemo(() => ({ state, dispatch }), [state]);
  return <AppStateContext.Provider value={value}>{children}</AppStateContext.Provider>;
}

/** The active district association, event, location and stored registration lists, with their actions. */
export function useAppState(): AppStateValue {
  const value = useContext(AppStateContext);
  if (!value) throw new Error("useAppState outside AppStateProvider");
  return value;
}
