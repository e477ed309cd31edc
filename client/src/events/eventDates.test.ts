import { describe, expect, it } from "vitest";
import {
  eventDate,
  formatCalendarDay,
  formatDateTimeRange,
  formatDayRange,
  formatTableDateTime,
  fromDateTimeLocal,
  sameDayNextYear,
  toDateInput,
  toDateTimeLocal,
  todayInBerlin,
} from "./eventDates";

describe("event dates", () => {
  it("[R-LO018] 0001-01-01 and null are no date", () => {
    expect(eventDate("0001-01-01T00:00:00.000Z")).toBeNull();
    expect(eventDate(null)).toBeNull();
    expect(formatTableDateTime("0001-01-01T00:00:00Z")).toBe("");
    expect(formatDateTimeRange("0001-01-01T00:00:00Z", null)).toBe("");
  });

  it("[R-ST012] the card subtitle range is 'dd.mm.yyyy – dd.mm.yyyy' in Berlin", () => {
    expect(formatDayRange("2027-05-12T06:00:00Z", "2027-05-13T15:00:00Z")).toBe("12.05.2027 – 13.05.2027");
    expect(formatDayRange("2027-05-12T06:00:00Z", "2027-05-12T15:00:00Z")).toBe("12.05.2027");
    expect(formatDayRange(null, null)).toBe("");
  });

  it("[R-ST014] a location shows 'Mi., 12.05.2027, 08:00 – 12:00 Uhr'", () => {
    expect(formatDateTimeRange("2027-05-12T06:00:00Z", "2027-05-12T10:00:00Z")).toBe("Mi., 12.05.2027, 08:00 – 12:00 Uhr");
    expect(formatDateTimeRange("2027-05-12T06:00:00Z", "2027-05-13T10:00:00Z")).toBe("Mi., 12.05.2027, 08:00 Uhr – Do., 13.05.2027, 12:00 Uhr");
    expect(formatDateTimeRange("2027-05-12T06:00:00Z", null)).toBe("Mi., 12.05.2027, 08:00 Uhr");
  });

  it("[R-ST010][R-EV005] days read as dd.mm.yyyy", () => {
    expect(formatCalendarDay("2027-04-30")).toBe("30.04.2027");
    expect(formatCalendarDay(null)).toBe("");
  });

  it("[R-ST004] today is the Berlin calendar day", () => {
    expect(todayInBerlin(new Date("2027-05-11T22:30:00Z"))).toBe("2027-05-12");
  });

  it("[R-EV011] datetime-local and date inputs round-trip in Berlin time", () => {
    expect(toDateTimeLocal("2027-05-12T06:00:00.000Z")).toBe("2027-05-12T08:00");
    expect(fromDateTimeLocal("2027-05-12T08:00")).toBe("2027-05-12T06:00:00.000Z");
    expect(fromDateTimeLocal("2027-01-12T08:00")).toBe("2027-01-12T07:00:00.000Z");
    expect(fromDateTimeLocal("")).toBeNull();
    expect(toDateInput("2027-05-12T21:59:59.000Z")).toBe("2027-05-12");
    expect(toDateTimeLocal("0001-01-01T00:00:00Z")).toBe("");
  });
});

describe("sameDayNextYear", () => {
  it("suggests the same calendar day next year for a copied event; 29 February becomes 28 February", () => {
    expect(sameDayNextYear("2026-03-14")).toBe("2027-03-14");
    expect(sameDayNextYear("2027-12-31")).toBe("2028-12-31");
    expect(sameDayNextYear("2028-02-29")).toBe("2029-02-28");
    expect(sameDayNextYear("2027-02-28")).toBe("2028-02-28");
    expect(sameDayNextYear("")).toBe("");
  });
});
