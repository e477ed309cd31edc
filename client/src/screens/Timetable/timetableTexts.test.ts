import { describe, expect, it } from "vitest";
import { breaksText, clock, dayLabel, parseBreaks, parseClock, parseRooms, startTimes } from "./timetableTexts";

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
});
