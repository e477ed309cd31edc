import { describe, expect, it } from "vitest";
import { pickedLocation, resultLocationOptions } from "./locations";

const locations = [
  { id: "L1", databaseId: 1, name: "Vorbereitungskurs", type: "DEXAM_PREPARATION" },
  { id: "L2", databaseId: 2, name: "Praxis Holz", type: "DEXAM_PRACTICE" },
  { id: "L3", databaseId: 3, name: "Theorie", type: "DEXAM_THEORY" },
  { id: "L4", databaseId: 4, name: "Praxis Blech", type: "DEXAM_PRACTICE" },
  { id: "L5", databaseId: 5, name: "Stadthalle", type: "COMPETITION" },
];

describe("location picker", () => {
  it("[R-RE003][R-RE004] offers theory and practice locations only, with the location type as subtitle", () => {
    expect(resultLocationOptions(locations)).toEqual([
      { value: "L3", label: "Theorie", subtitle: "Theorieprüfung" },
      { value: "L4", label: "Praxis Blech", subtitle: "Praxisprüfung" },
      { value: "L2", label: "Praxis Holz", subtitle: "Praxisprüfung" },
    ]);
    expect(resultLocationOptions(locations.filter((location) => location.type === "COMPETITION"))).toEqual([]);
  });

  it("[R-RE003] a preparation location chosen on another screen is no choice here", () => {
    expect(pickedLocation(locations, "L2")?.name).toBe("Praxis Holz");
    expect(pickedLocation(locations, "L1")).toBeNull();
    expect(pickedLocation(locations, "L5")).toBeNull();
    expect(pickedLocation(locations, "unknown")).toBeNull();
    expect(pickedLocation(locations, null)).toBeNull();
  });
});
