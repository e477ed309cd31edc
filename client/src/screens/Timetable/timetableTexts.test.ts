import { describe, expect, it } from "vitest";
import {
  breaksText,
  clock,
  dayLabel,
  locationDays,
  overrideRows,
  parseBreaks,
  parseClock,
  parseOverrides,
  parseRooms,
  shownDay,
  startTimes,
} from "./timetableTexts";

describe("timetable texts", () => {
  it("writes and reads times of day", () => {
    expect(clock(545)).toBe("09:05");
    expect(parseClock("9:05")).toBe(545);
    expect(parseClock("09.30")).toBe(570);
    expect(parseClock("13")).toBe(780);
    expect(parseClock("25:00")).toBeNull();
    expect(parseClock("abc")).toBeNull();
  });

  it("reads breaks and rooms as staff write them", () => {
    expect(parseBreaks("12:00-13:00, 15:00 – 15:15")).toEqual([
      { start: 720, end: 780 },
      { start: 900, end: 915 },
    ]);
    expect(parseBreaks("")).toEqual([]);
    expect(parseBreaks("12:00")).toBeNull();
    expect(breaksText([{ start: 720, end: 780 }])).toBe("12:00-13:00");
    expect(parseRooms("Raum 1\nRaum 2, Bühne\n\n")).toEqual(["Raum 1", "Raum 2", "Bühne"]);
  });

  it("names days and offers start times that fit", () => {
    expect(dayLabel("2027-03-13")).toBe("Sa., 13.03.2027");
    expect(startTimes(540, 600, 20, 20)).toEqual([540, 560, 580]);
  });

  it("edits practice lengths per course and instrument: any is null, each needs one of them and whole minutes (the server's field names)", () => {
    const rows = overrideRows([
      { course: "D3", instrument: null, minutes: 30 },
      { course: null, instrument: "TUBA", minutes: 25 },
    ]);
    expect(rows).toEqual([
      { course: "D3", instrument: "", minutes: "30" },
      { course: "", instrument: "TUBA", minutes: "25" },
    ]);
    expect(parseOverrides([...rows, { course: "D1", instrument: "FLUTE", minutes: " 15 " }])).toEqual({
      overrides: [
        { course: "D3", instrument: null, minutes: 30 },
        { course: null, instrument: "TUBA", minutes: 25 },
        { course: "D1", instrument: "FLUTE", minutes: 15 },
      ],
      errors: {},
    });
    expect(
      parseOverrides([
        { course: "", instrument: "", minutes: "20" },
        { course: "D2", instrument: "", minutes: "zwanzig" },
        { course: "D2", instrument: "", minutes: "0" },
      ]).errors,
    ).toEqual({
      "practiceOverrides.0": "timetable.rules.overrideEmpty",
      "practiceOverrides.1.minutes": "timetable.rules.numberInvalid",
      "practiceOverrides.2.minutes": "timetable.rules.numberInvalid",
    });
  });

  it("the screen shows one day of one location: the URL's when it names them, else the first location with slots and its first day with slots", () => {
    const rules = (...days: string[]) => ({ days: days.map((day) => ({ day })) });
    const theory = { location: { databaseId: 1 }, slotCount: 0, slotDays: [], rules: rules("2027-03-13") };
    const practice = { location: { databaseId: 2 }, slotCount: 4, slotDays: ["2027-03-14", "2027-03-20"], rules: rules("2027-03-13", "2027-03-14") };
    // the days offered: the rules' and any other day with slots, in order
    expect(locationDays(practice)).toEqual(["2027-03-13", "2027-03-14", "2027-03-20"]);
    expect(shownDay([theory, practice], "", "")).toEqual({ locationId: 2, day: "2027-03-14" });
    expect(shownDay([theory, practice], "2", "2027-03-20")).toEqual({ locationId: 2, day: "2027-03-20" });
    expect(shownDay([theory, practice], "1", "2027-03-13")).toEqual({ locationId: 1, day: "2027-03-13" });
    // a location of another event, or a day the location does not have, falls back
    expect(shownDay([theory, practice], "99", "2027-03-13")).toEqual({ locationId: 2, day: "2027-03-13" });
    expect(shownDay([theory, practice], "1", "2027-01-01")).toEqual({ locationId: 1, day: "2027-03-13" });
    expect(shownDay([theory], "", "")).toEqual({ locationId: 1, day: "2027-03-13" });
    expect(shownDay([], "", "")).toBeNull();
  });
});
