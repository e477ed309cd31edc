import { describe, expect, it } from "vitest";
import { emptyLegacyDate, locationErrors } from "./locationSchema.ts";
import { EVENT_MSG, MSG, tooLong, tooMany, WIRE_MSG } from "./messages.ts";
import { TEXT_LIMITS } from "./validation.ts";

const start = new Date("2027-05-01T08:00:00Z");
const end = new Date("2027-05-01T12:00:00Z");
const legacy = new Date("0001-01-01T00:00:00Z");
const base = { name: "Musikschule", street: "Weg 1", city: "Stadt", postcode: "70173", start, end };
const theory = { ...base, dexamTypes: ["D1"] };

describe("location schema", () => {
  it("a location's lists hold no more values than there are: 40 instruments or 4 courses are refused, with the other errors", () => {
    const practice = { ...base, dexamTypes: ["D1"], instruments: Array.from({ length: 40 }, () => "CLARINET") };
    expect(locationErrors({ ...practice, name: "" }, "DEXAM_PRACTICE")).toMatchObject({
      name: MSG.required,
      instruments: expect.stringMatching(/^Bitte höchstens \d+ Einträge angeben$/),
    });
    expect(locationErrors({ ...theory, dexamTypes: ["D1", "D2", "D3", "D1"] }, "DEXAM_THEORY")).toEqual({ dexamTypes: tooMany(3) });
  });

  it("[R-VA019][R-VA020][R-LO016] type, name, street, city, start and end are required", () => {
    expect(locationErrors({}, null)).toEqual({
      type: MSG.required,
      name: MSG.required,
      street: MSG.required,
      city: MSG.required,
      start: MSG.required,
      end: MSG.required,
    });
    expect(locationErrors({ ...base, name: " ", street: "", city: null }, "DEXAM_PREPARATION")).toEqual({
      name: MSG.required,
      street: MSG.required,
      city: MSG.required,
    });
    expect(locationErrors(theory, "DEXAM_THEORY")).toEqual({});
  });

  it("[R-VA020][R-LO018] preparation courses need no start and end; 0001-01-01 is no date", () => {
    expect(locationErrors({ ...base, start: null, end: null }, "DEXAM_PREPARATION")).toEqual({});
    expect(locationErrors({ ...theory, start: legacy, end: legacy }, "DEXAM_THEORY")).toEqual({ start: MSG.required, end: MSG.required });
    expect(locationErrors({ ...base, start: legacy, end: null }, "DEXAM_PREPARATION")).toEqual({});
    expect(emptyLegacyDate(legacy)).toBeNull();
    expect(emptyLegacyDate(start)).toBe(start);
    expect(emptyLegacyDate(undefined)).toBeNull();
  });

  it("a location ends no earlier than it starts; a legacy empty start compares with nothing", () => {
    expect(locationErrors({ ...theory, end: new Date("2027-05-01T07:00:00Z") }, "DEXAM_THEORY")).toEqual({ end: EVENT_MSG.endBeforeStart });
    expect(locationErrors({ ...theory, end: start }, "DEXAM_THEORY")).toEqual({});
    expect(locationErrors({ ...base, start: end, end: legacy }, "DEXAM_PREPARATION")).toEqual({});
  });

  it("an unreadable time is a date error (preparation courses too), and the other rules still report", () => {
    const invalid = new Date(Number.NaN);
    expect(locationErrors({ ...theory, start: invalid }, "DEXAM_THEORY")).toEqual({ start: MSG.date });
    expect(locationErrors({ ...base, end: invalid }, "DEXAM_PREPARATION")).toEqual({ end: MSG.date });
    expect(locationErrors({ ...base, name: "", start: invalid }, "DEXAM_PRACTICE")).toEqual({
      name: MSG.required,
      start: MSG.date,
      dexamTypes: MSG.required,
      instruments: MSG.required,
    });
  });

  it("[R-VA021][R-VA022] theory needs courses, practice courses and instruments, competition venues competition types", () => {
    expect(locationErrors(base, "DEXAM_THEORY")).toEqual({ dexamTypes: MSG.required });
    expect(locationErrors({ ...theory, dexamTypes: [] }, "DEXAM_THEORY")).toEqual({ dexamTypes: MSG.required });
    expect(locationErrors(theory, "DEXAM_PRACTICE")).toEqual({ instruments: MSG.required });
    expect(locationErrors({ ...base, instruments: ["TUBA"] }, "DEXAM_PRACTICE")).toEqual({ dexamTypes: MSG.required });
    expect(locationErrors({ ...theory, instruments: ["TUBA"] }, "DEXAM_PRACTICE")).toEqual({});
    expect(locationErrors(theory, "COMPETITION")).toEqual({ competitionTypes: MSG.required });
    expect(locationErrors({ ...base, competitionTypes: ["T"] }, "COMPETITION")).toEqual({});
    expect(locationErrors(base, "DEXAM_PREPARATION")).toEqual({});
  });

  it("[R-VA022] the postcode ends in digits; it is optional", () => {
    expect(locationErrors({ ...theory, postcode: "PLZ" }, "DEXAM_THEORY")).toEqual({ postcode: MSG.postcode });
    expect(locationErrors({ ...theory, postcode: "" }, "DEXAM_THEORY")).toEqual({});
    expect(locationErrors({ ...theory, postcode: null, country: null }, "DEXAM_THEORY")).toEqual({});
  });

  it("[R-VA001] every text at most its TEXT_LIMITS length; another message of the field comes first", () => {
    for (const [field, max] of Object.entries(TEXT_LIMITS.EventLocation)) {
      expect(locationErrors({ ...theory, [field]: `${"ä".repeat(max - 1)}1` }, "DEXAM_THEORY"), field).toEqual({});
      expect(locationErrors({ ...theory, [field]: `${"ä".repeat(max)}1` }, "DEXAM_THEORY"), field).toEqual({ [field]: tooLong(max) });
    }
    expect(locationErrors({ ...theory, postcode: "ä".repeat(30) }, "DEXAM_THEORY")).toEqual({ postcode: MSG.postcode });
  });

  it("values of the wrong kind are refused with the wire messages", () => {
    expect(locationErrors({ ...theory, dexamTypes: ["D9"] }, "DEXAM_THEORY")).toEqual({ "dexamTypes.0": WIRE_MSG.value });
    expect(locationErrors({ ...theory, instruments: "TUBA" }, "DEXAM_THEORY")).toEqual({ instruments: WIRE_MSG.list });
    expect(locationErrors({ ...theory, publishResults: "yes" }, "DEXAM_THEORY")).toEqual({ publishResults: WIRE_MSG.boolean });
  });
});
