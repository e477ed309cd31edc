import { describe, expect, it } from "vitest";
import { emptyLegacyDate, locationTypeFor, normalizedLocation, validateLocation } from "./rules.ts";

const start = new Date("2027-05-01T08:00:00Z");
const end = new Date("2027-05-01T12:00:00Z");
const base = { name: "Musikschule", street: "Weg 1", city: "Stadt", postcode: "70173", start, end, dexamTypes: ["D1" as const] };

describe("location rules", () => {
  it("[R-VA019][R-VA020] name, street, city, start and end are required", () => {
    expect(validateLocation({ name: "" }, "DEXAM_THEORY")).toMatchObject({
      name: "Dieses Feld ist ein Pflichtfeld",
      street: "Dieses Feld ist ein Pflichtfeld",
      city: "Dieses Feld ist ein Pflichtfeld",
      start: "Dieses Feld ist ein Pflichtfeld",
      end: "Dieses Feld ist ein Pflichtfeld",
    });
    expect(validateLocation(base, "DEXAM_THEORY")).toEqual({});
  });

  it("[R-VA020] preparation courses need no start and end", () => {
    expect(validateLocation({ ...base, start: null, end: null }, "DEXAM_PREPARATION")).toEqual({});
  });

  it("[R-VA021] a practice location needs at least one instrument", () => {
    expect(validateLocation(base, "DEXAM_PRACTICE")).toEqual({ instruments: "Dieses Feld ist ein Pflichtfeld" });
    expect(validateLocation({ ...base, instruments: ["TUBA"] }, "DEXAM_PRACTICE")).toEqual({});
  });

  it("[R-VA022] the postcode rule and the sub-types rule", () => {
    expect(validateLocation({ ...base, postcode: "PLZ" }, "DEXAM_THEORY")).toEqual({ postcode: "Bitte eine gültige Postleitzahl eingeben" });
    expect(validateLocation({ ...base, dexamTypes: [] }, "DEXAM_THEORY")).toEqual({ dexamTypes: "Dieses Feld ist ein Pflichtfeld" });
    expect(validateLocation({ ...base, competitionTypes: [] }, "COMPETITION")).toEqual({ competitionTypes: "Dieses Feld ist ein Pflichtfeld" });
  });

  it("[R-LO015][R-LO016] competition events get competition locations, D-exam events one of the D-exam types", () => {
    expect(locationTypeFor("COMPETITION", "DEXAM_THEORY")).toBe("COMPETITION");
    expect(locationTypeFor("COMPETITION", null)).toBe("COMPETITION");
    expect(locationTypeFor("DEXAM_CAMP", "DEXAM_PRACTICE")).toBe("DEXAM_PRACTICE");
    expect(locationTypeFor("DEXAM", "COMPETITION")).toBeNull();
  });

  it("[R-LO018] 0001-01-01 is no date", () => {
    expect(emptyLegacyDate(new Date("0001-01-01T00:00:00Z"))).toBeNull();
    expect(emptyLegacyDate(start)).toBe(start);
  });

  it("[R-LO017] sub-types are courses for D-exam locations and competition types for competition locations; instruments only for practice", () => {
    const n = normalizedLocation({ ...base, competitionTypes: ["T"], instruments: ["TUBA"] }, "DEXAM_THEORY");
    expect(n).toMatchObject({ dexamTypes: ["D1"], competitionTypes: [], instruments: [] });
    expect(normalizedLocation({ ...base, competitionTypes: ["T", "K"] }, "COMPETITION")).toMatchObject({ dexamTypes: [], competitionTypes: ["T", "K"] });
  });
});
