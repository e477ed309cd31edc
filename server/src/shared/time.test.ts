import { describe, expect, it } from "vitest";
import { berlinDay, deadlineOf, parseInstant, startOfBerlinDay } from "./time.ts";

describe("Europe/Berlin dates", () => {
  it("[R-BC011][R-BC012] the deadline is 23:59:59 Berlin time of the chosen day, in winter and in summer", () => {
    expect(deadlineOf("2027-01-15").toISOString()).toBe("2027-01-15T22:59:59.000Z");
    expect(deadlineOf("2027-07-15").toISOString()).toBe("2027-07-15T21:59:59.000Z");
  });

  it("[R-BC012] days around the daylight-saving switches", () => {
    expect(deadlineOf("2027-03-28").toISOString()).toBe("2027-03-28T21:59:59.000Z");
    expect(deadlineOf("2027-10-31").toISOString()).toBe("2027-10-31T22:59:59.000Z");
  });

  it("[R-BC013] 'today' is the Berlin calendar day", () => {
    const lateUtc = new Date("2027-07-15T22:30:00Z"); // already the 16th in Berlin
    expect(berlinDay(lateUtc)).toBe("2027-07-16");
    expect(startOfBerlinDay(lateUtc).toISOString()).toBe("2027-07-15T22:00:00.000Z");
    // a far-off day (a filter's 0000-01-01 through GraphQL's Date) is a day like any other, never an error
    const yearZero = new Date("0000-01-01T00:00:00Z");
    expect(berlinDay(yearZero)).toBe("0000-01-01");
    expect(startOfBerlinDay(yearZero).getTime()).toBeLessThanOrEqual(yearZero.getTime());
  });
});

describe("early years", () => {
  it("a day before the year 1000 keeps its four-digit year and its century (the events filter 'from' took 0001-01-01 to a 500)", () => {
    const early = new Date("0001-06-01T12:00:00Z");
    expect(berlinDay(early)).toBe("0001-06-01");
    expect(startOfBerlinDay(early).getUTCFullYear()).toBe(1);
    expect(deadlineOf("0050-03-01").getUTCFullYear()).toBe(50);
  });
});

describe("parseInstant: /v1 times, strictly", () => {
  it("[R-API024] RFC 3339 with Z or an offset, and a bare calendar day, are read", () => {
    expect(parseInstant("2031-06-01T10:00:00+02:00")?.toISOString()).toBe("2031-06-01T08:00:00.000Z");
    expect(parseInstant("2031-06-01T10:00Z")?.toISOString()).toBe("2031-06-01T10:00:00.000Z");
    expect(parseInstant("2031-06-01T10:00:00.123456Z")?.toISOString()).toBe("2031-06-01T10:00:00.123Z");
    expect(parseInstant("2031-06-01")?.toISOString()).toBe("2031-06-01T00:00:00.000Z");
    expect(parseInstant("9999-12-31T23:59:59Z")?.toISOString()).toBe("9999-12-31T23:59:59.000Z");
  });

  it("[R-API024] what Date would shift or misread is no time: day 30 of February, hour 24 or 25, years 0000, 0123, -1000, 10000, no zone, other forms", () => {
    for (const s of [
      "2026-02-30",
      "2026-02-30T10:00:00Z",
      "2026-01-01T25:00:00Z",
      "2026-01-01T24:00:00Z",
      "2026-01-01T10:60:00Z",
      "2026-01-01T10:00:60Z",
      "2026-01-01T10:00:00+24:00",
      "0000-01-01T00:00:00Z",
      "0123-01-01",
      "-1000-01-01T00:00:00Z",
      "10000-01-01T00:00:00Z",
      "2026-01-01T10:00:00",
      "2026-01-01 10:00:00Z",
      "2026-1-1",
      "0",
      "1.5",
      "",
      "morgen",
    ])
      expect(parseInstant(s), s).toBeNull();
  });
});
