import { describe, expect, it } from "vitest";
import { formatGermanDate, joinDateTime, parseGermanDate, parseGermanTime, splitDateTime } from "./dateText";

describe("German date and time text (DateField, TimeField)", () => {
  it("reads TT.MM.JJJJ and T.M.JJJJ as the wire date", () => {
    expect(parseGermanDate("15.06.2012")).toBe("2012-06-15");
    expect(parseGermanDate("5.6.2012")).toBe("2012-06-05");
    expect(parseGermanDate(" 01.10.2030 ")).toBe("2030-10-01");
    expect(parseGermanDate("29.02.2024")).toBe("2024-02-29");
  });

  it("refuses what is not a German date (US order, ISO, impossible days, two-digit years)", () => {
    for (const text of ["06/15/2012", "2012-06-15", "31.04.2030", "29.02.2023", "15.13.2012", "15.06.12", "", "heute"]) {
      expect(parseGermanDate(text), text).toBeNull();
    }
  });

  it("shows the wire date as TT.MM.JJJJ", () => {
    expect(formatGermanDate("2012-06-05")).toBe("05.06.2012");
    expect(formatGermanDate("")).toBe("");
  });

  it("reads times in 24-hour form", () => {
    expect(parseGermanTime("9:05")).toBe("09:05");
    expect(parseGermanTime("18:00")).toBe("18:00");
    expect(parseGermanTime("18.30")).toBe("18:30");
    expect(parseGermanTime("0730")).toBe("07:30");
    for (const text of ["24:00", "12:60", "9 AM", "09:00 PM", "", "9"]) expect(parseGermanTime(text), text).toBeNull();
  });

  it("splits and joins the datetime-local wire value", () => {
    expect(splitDateTime("2030-10-10T09:00")).toEqual(["2030-10-10", "09:00"]);
    expect(splitDateTime("2030-10-10T09:00:00")).toEqual(["2030-10-10", "09:00"]);
    expect(splitDateTime("")).toEqual(["", ""]);
    expect(joinDateTime("2030-10-10", "09:00")).toBe("2030-10-10T09:00");
    expect(joinDateTime("2030-10-10", "")).toBe("");
  });
});
