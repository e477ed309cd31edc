import { describe, expect, it } from "vitest";
import { appStateReducer, initialAppState } from "./appState";

describe("app state", () => {
  it("[R-SH056] starts with the viewer's own district association", () => {
    expect(initialAppState(4)).toEqual({ activeDistrictAssociationId: 4, activeEventId: null, activeLocationId: null, registrationLists: {} });
  });

  it("[R-SH055][R-SH057] changing the district association clears event, location and stored registration lists", () => {
    let state = initialAppState(1);
    state = appStateReducer(state, { type: "selectEvent", id: "RXZlbnQ6MQ==" });
    state = appStateReducer(state, { type: "selectLocation", id: "TG9jYXRpb246Mg==" });
    state = appStateReducer(state, { type: "storeRegistrationList", key: "dexam", registrations: [{ id: 1 }] });
    expect(state.registrationLists.dexam).toHaveLength(1);
    const changed = appStateReducer(state, { type: "selectDistrictAssociation", id: 2 });
    expect(changed).toEqual({ activeDistrictAssociationId: 2, activeEventId: null, activeLocationId: null, registrationLists: {} });
  });

  it("[R-SH057] selecting the same district association keeps the selections", () => {
    const state = appStateReducer(initialAppState(1), { type: "selectEvent", id: "e" });
    expect(appStateReducer(state, { type: "selectDistrictAssociation", id: 1 })).toBe(state);
  });

  it("changing the event clears the location", () => {
    let state = appStateReducer(initialAppState(1), { type: "selectEvent", id: "e1" });
    state = appStateReducer(state, { type: "selectLocation", id: "l1" });
    expect(appStateReducer(state, { type: "selectEvent", id: "e2" }).activeLocationId).toBeNull();
  });
});
