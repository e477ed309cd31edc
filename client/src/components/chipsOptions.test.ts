import { describe, expect, it } from "vitest";
import { chosenChips, matchingOptions } from "./chipsOptions";

const clubs = [
  { value: "1", label: "Musikverein Musterstadt" },
  { value: "2", label: "Stadtkapelle Musterstadt" },
  { value: "3", label: "Jugendblasorchester Nord" },
];

describe("chips multi-select", () => {
  it("[R-UM012] typing filters the offered clubs, case-insensitive", () => {
    expect(matchingOptions(clubs, "kapelle").map((club) => club.value)).toEqual(["2"]);
    expect(matchingOptions(clubs, "  ")).toHaveLength(3);
  });

  it("[R-UM012][R-PR007] the chosen clubs show as chips in list order", () => {
    expect(chosenChips(clubs, ["3", "1"]).map((chip) => chip.label)).toEqual(["Musikverein Musterstadt", "Jugendblasorchester Nord"]);
    expect(chosenChips(clubs, ["9"])).toEqual([{ value: "9", label: "9" }]);
  });
});
