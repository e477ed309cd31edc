import { describe, expect, it } from "vitest";
import { updateVersion } from "../../forms/version";
import { initialLocationType, locationFields, locationFormValues, locationInput, validateLocationForm } from "./locationForm";

const base = { ...locationFormValues(null, "DEXAM"), name: "Halle", street: "Weg 1", city: "Stadt", start: "2027-05-12T08:00", end: "2027-05-12T12:00" };

describe("location form", () => {
  it("[R-LO015][R-LO016] competition events get COMPETITION, D-exam events choose a type", () => {
    expect(initialLocationType("COMPETITION")).toBe("COMPETITION");
    expect(initialLocationType("DEXAM_CAMP")).toBe("");
    expect(validateLocationForm(base).type).toBe("Dieses Feld ist ein Pflichtfeld");
  });

  it("[R-LO013][R-VA022] theory needs courses, practice also instruments, competition venues competition types", () => {
    expect(Object.keys(validateLocationForm({ ...base, type: "DEXAM_THEORY" }))).toEqual(["dexamTypes"]);
    expect(Object.keys(validateLocationForm({ ...base, type: "DEXAM_PRACTICE" })).sort()).toEqual(["dexamTypes", "instruments"]);
    expect(Object.keys(validateLocationForm({ ...base, type: "COMPETITION" }))).toEqual(["competitionTypes"]);
    expect(validateLocationForm({ ...base, type: "DEXAM_PRACTICE", dexamTypes: ["D1"], instruments: ["TUBA"] })).toEqual({});
  });

  it("[R-LO013] start and end are required except for preparation courses; postcode rule", () => {
    const undated = { ...base, start: "", end: "" };
    expect(Object.keys(validateLocationForm({ ...undated, type: "DEXAM_THEORY", dexamTypes: ["D1"] })).sort()).toEqual(["end", "start"]);
    expect(validateLocationForm({ ...undated, type: "DEXAM_PREPARATION" })).toEqual({});
    expect(validateLocationForm({ ...base, type: "DEXAM_PREPARATION", postcode: "ABC" }).postcode).toBe("Bitte eine gültige Postleitzahl eingeben");
    expect(locationFields("DEXAM_PREPARATION")).toMatchObject({ datesRequired: false, courses: true, instruments: false });
  });

  it("the form's values reach the shared schema: datetime-local as instants, an unreadable one as a date error", () => {
    const theory = { ...base, type: "DEXAM_THEORY", dexamTypes: ["D1"] };
    expect(validateLocationForm({ ...theory, end: "2027-05-12T07:59" }).end).toBe("Das Ende muss nach dem Beginn liegen");
    expect(validateLocationForm({ ...theory, start: "morgen" })).toEqual({ start: "Bitte ein gültiges Datum eingeben" });
  });

  it("[R-LO014][R-LO017] the input keeps only the type's lists and sends the type only on create", () => {
    const input = locationInput({ ...base, type: "DEXAM_THEORY", dexamTypes: ["D1"], instruments: ["TUBA"], competitionTypes: ["T"] }, "create");
    expect(input).toMatchObject({ type: "DEXAM_THEORY", dexamTypes: ["D1"], instruments: [], competitionTypes: [], start: "2027-05-12T06:00:00.000Z" });
    expect("type" in locationInput({ ...base, type: "DEXAM_THEORY" }, "edit")).toBe(false);
  });

  it("[R-LO013] no lost updates: an edit sends the version the form was filled from; a new location none", () => {
    expect({ ...locationInput({ ...base, type: "DEXAM_THEORY" }, "edit"), ...updateVersion(2) }.version).toBe(2);
    expect("version" in locationInput({ ...base, type: "DEXAM_THEORY" }, "edit")).toBe(false);
    expect("version" in locationInput({ ...base, type: "DEXAM_THEORY" }, "create")).toBe(false);
  });

  it("[R-LO018] a stored 0001-01-01 date shows as empty in the form", () => {
    const values = locationFormValues(
      {
        name: "V",
        type: "DEXAM_PREPARATION",
        street: "s",
        city: "c",
        start: "0001-01-01T00:00:00Z",
        end: null,
        dexamTypes: [],
        competitionTypes: [],
        instruments: [],
        publishResults: true,
      },
      "DEXAM",
    );
    expect(values.start).toBe("");
    expect(values.publishResults).toBe(true);
  });
});
