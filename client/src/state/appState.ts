/**
 * Client-wide selections shared by the screens: the active district association (drawer
 * selector), the active event and location, and registration lists the screens keep between visits.
 */
export interface AppState {
  /** Numeric id (databaseId) of the active district association; the viewer's own by default (R-SH056). */
  activeDistrictAssociationId: number | null;
  activeEventId: string | null;
  activeLocationId: string | null;
  /** Stored registration lists by a key the screen chooses, e.g. "dexam:{eventId}". */
  registrationLists: Readonly<Record<string, readonly unknown[]>>;
}

export type AppStateAction =
  | { type: "selectDistrictAssociation"; id: number | null }
  | { type: "selectEvent"; id: string | null }
  | { type: "selectLocation"; id: string | null }
  | { type: "storeRegistrationList"; key: string; registrations: readonly unknown[] }
  | { type: "clearRegistrationLists" };

export function initialAppState(ownDistrictAssociationId: number | null): AppState {
  return { activeDistrictAssociationId: ownDistrictAssociationId, activeEventId: null, activeLocationId: null, registrationLists: {} };
}

export function appStateReducer(state: AppState, action: AppStateAction): AppState {
  switch (action.type) {
    case "selectDistrictAssociation":
      if (action.id === state.activeDistrictAssociationId) return state;
      // R-SH057: another district association invalidates every selection made under the old one.
      return { activeDistrictAssociationId: action.id, activeEventId: null, activeLocationId: null, registrationLists: {} };
    case "selectEvent":
      if (action.id === state.activeEventId) return state;
      // A location belongs to one event.
      return { ...state, activeEventId: action.id, activeLocationId: null };
    case "selectLocation":
      return { ...state, activeLocationId: action.id };
    case "storeRegistrationList":
      return { ...state, registrationLists: { ...state.registrationLists, [action.key]: action.registrations } };
    case "clearRegistrationLists":
      return { ...state, registrationLists: {} };
  }
}
