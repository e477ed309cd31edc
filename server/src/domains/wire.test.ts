import { describe, expect, it } from "vitest";
import { editPhaseWire, formTypeWire, instrumentWire, locationTypeWire } from "./wire.ts";

describe("wire values of spec section 3", () => {
  it("[R-EN024][R-EN044] form types travel as dexam, dexam_camp and competition", () => {
    expect(formTypeWire.values).toEqual(["dexam", "dexam_camp", "competition"]);
    expect(formTypeWire.fromWire("dexam_camp")).toBe("DEXAM_CAMP");
    expect(formTypeWire.fromWire("DEXAM")).toBeUndefined();
  });
  it("[R-EN026] edit phases NoRestrictions, SongsOnly, None", () => {
    expect(editPhaseWire.values).toEqual(["NoRestrictions", "SongsOnly", "None"]);
  });
  it("[R-EN028] location types DExamTheory, DExamPractice, DExamPreparation, Competition", () => {
    expect(locationTypeWire.values).toEqual(["DExamTheory", "DExamPractice", "DExamPreparation", "Competition"]);
  });
  it("[R-EN037] exactly the 20 instruments in the spec's order and spelling", () => {
    expect(instrumentWire.values).toEqual([
      "Flute",
      "Piccolo",
      "Oboe",
      "Bassoon",
      "Clarinet",
      "Eb Clarinet",
      "Bass Clarinet",
      "Alto Saxophone",
      "Tenor Saxophone",
      "Baritone Saxophone",
      "Trumpet",
      "Flugelhorn",
      "French Horn",
      "Trombone",
      "Bass Trombone",
      "Tenor Horn",
      "Baritone Horn",
      "Tuba",
      "Percussion",
      "Mallets",
    ]);
    expect(instrumentWire.fromWire("Eb Clarinet")).toBe("EB_CLARINET");
  });
});
