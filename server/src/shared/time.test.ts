import { describe, expect, it } from "vitest";
import { berlinDay, deadlineOf, startOfBerlinDay } from "./time.ts";

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
  });
});
