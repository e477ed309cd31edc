import { describe, expect, it } from "vitest";
import {
  carriedPoints,
  EMPTY_TAKEOVER,
  missingPart,
  missingPartLocations,
  preparationLocations,
  takeoverFieldErrors,
  takeoverInput,
  takeoverPart,
  takeoverTargets,
  validateTakeover,
} from "./takeover";

const none = { theoryPoints: null, practicePoints: null, partialResultType: null, partialResultPoints: null, existingPartialResultVerified: false };

describe("taking over a partial result", () => {
  it("[R-RO030][R-RO031] the one passed part is carried (thresholds inclusive); nothing when none or both are passed", () => {
    expect(takeoverPart({ ...none, theoryPoints: 31.5, practicePoints: 28 })).toBe("THEORY");
    expect(takeoverPart({ ...none, theoryPoints: 10, practicePoints: 36 })).toBe("PRACTICE");
    expect(takeoverPart({ ...none, theoryPoints: 24 })).toBe("THEORY");
    expect(takeoverPart({ ...none, theoryPoints: 23.99, practicePoints: 35.99 })).toBeNull();
    expect(takeoverPart({ ...none, theoryPoints: 27, practicePoints: 41.25 })).toBeNull();
    expect(takeoverPart(none)).toBeNull();
  });

  it("[R-RO031] a verified earlier partial result counts for its part, an unverified one does not", () => {
    const partial = { ...none, partialResultType: "THEORY", partialResultPoints: 30 };
    expect(takeoverPart({ ...partial, existingPartialResultVerified: true, practicePoints: 20 })).toBe("THEORY");
    expect(carriedPoints({ ...partial, existingPartialResultVerified: true }, "THEORY")).toBe(30);
    expect(takeoverPart({ ...partial, practicePoints: 20 })).toBeNull();
    expect(carriedPoints({ ...none, theoryPoints: 31.5 }, "THEORY")).toBe(31.5);
    expect(missingPart("THEORY")).toBe("PRACTICE");
    expect(missingPart("PRACTICE")).toBe("THEORY");
  });

  it("[R-RO032] targets are other D-exam events before their deadline", () => {
    const events = [
      { id: "source", formType: "DEXAM", deadlinePassed: false },
      { id: "spring", formType: "DEXAM", deadlinePassed: false },
      { id: "past", formType: "DEXAM", deadlinePassed: true },
      { id: "camp", formType: "DEXAM_CAMP", deadlinePassed: false },
      { id: "competition", formType: "COMPETITION", deadlinePassed: false },
    ];
    expect(takeoverTargets(events, "source").map((event) => event.id)).toEqual(["spring"]);
  });

  it("[R-RO032] the location choice follows the missing part, the course and (practice) the instrument", () => {
    const location = (n: number, type: string, dexamTypes: string[], instruments: string[] = []) => ({
      id: `location-${n}`,
      name: `L${n}`,
      type,
      dexamTypes,
      instruments,
    });
    const locations = [
      location(1, "DEXAM_THEORY", ["D1", "D2"]),
      location(2, "DEXAM_PRACTICE", ["D1", "D2"], ["FLUTE", "CLARINET"]),
      location(3, "DEXAM_PRACTICE", ["D2"], ["CLARINET"]),
      location(4, "DEXAM_PRACTICE", ["D1"], ["TRUMPET"]),
      location(5, "DEXAM_PREPARATION", ["D1"]),
      location(6, "DEXAM_THEORY", ["D3"]),
    ];
    expect(missingPartLocations(locations, "PRACTICE", "D1", "CLARINET").map((l) => l.name)).toEqual(["L2"]);
    expect(missingPartLocations(locations, "PRACTICE", "D2", "CLARINET").map((l) => l.name)).toEqual(["L2", "L3"]);
    expect(missingPartLocations(locations, "THEORY", "D1", "CLARINET").map((l) => l.name)).toEqual(["L1"]);
    expect(preparationLocations(locations, "D1").map((l) => l.name)).toEqual(["L5"]);
    expect(preparationLocations(locations, "D2")).toEqual([]);
  });

  it("[R-RO032] event, location and consents are required; the cancellation consent only with conditions", () => {
    expect(validateTakeover(EMPTY_TAKEOVER, true)).toEqual({
      eventId: "Dieses Feld ist ein Pflichtfeld",
      locationId: "Dieses Feld ist ein Pflichtfeld",
      gdprAccepted: "Dieses Feld ist ein Pflichtfeld",
      cancellationAccepted: "Dieses Feld ist ein Pflichtfeld",
    });
    expect(validateTakeover({ ...EMPTY_TAKEOVER, eventId: "e", locationId: "location-2", gdprAccepted: true }, false)).toEqual({});
  });

  it("[R-RO032][R-API055] exactly the missing part is booked (the locations by their global ids)", () => {
    const values = {
      ...EMPTY_TAKEOVER,
      eventId: "e",
      locationId: "location-2",
      preparationLocationId: "location-5",
      remarks: "  ",
      gdprAccepted: true,
      cancellationAccepted: true,
    };
    expect(takeoverInput(values, "THEORY")).toEqual({
      eventId: "e",
      theoryLocation: null,
      practiceLocation: "location-2",
      preparationLocation: "location-5",
      remarks: null,
      gdprAccepted: true,
      cancellationAccepted: true,
    });
    expect(takeoverInput({ ...values, remarks: "Bitte vormittags" }, "PRACTICE")).toMatchObject({
      theoryLocation: "location-2",
      practiceLocation: null,
      remarks: "Bitte vormittags",
    });
    expect(takeoverFieldErrors({ practiceLocation: "Bitte einen Ort für die Praxisprüfung wählen", preparationLocation: "y", gdprAccepted: "x" })).toEqual({
      locationId: "Bitte einen Ort für die Praxisprüfung wählen",
      preparationLocationId: "y",
      gdprAccepted: "x",
    });
  });
});
