import { describe, expect, it } from "vitest";
import { addMonths, defaultExpirationDay, defaultExpirationFor, lastDayOf } from "./eventExpiration.ts";

describe("default automatic-deletion day", () => {
  it("a camp three months after its last day, a D-exam at the end of the second following year, a competition at the end of the following year", () => {
    expect(defaultExpirationDay("DEXAM_CAMP", "2027-08-07")).toBe("2027-11-07");
    expect(defaultExpirationDay("DEXAM", "2027-03-14")).toBe("2029-12-31");
    expect(defaultExpirationDay("COMPETITION", "2027-05-08")).toBe("2028-12-31");
  });

  it("months move to the same day, or the month's last when it lacks it; across years", () => {
    expect(addMonths("2027-05-31", 3)).toBe("2027-08-31");
    expect(addMonths("2027-11-30", 3)).toBe("2028-02-29");
    expect(addMonths("2026-11-30", 3)).toBe("2027-02-28");
    expect(addMonths("2027-10-15", 3)).toBe("2028-01-15");
  });

  it("the last day is the end, else the start, else the deadline's day, each in Berlin", () => {
    // 23:30 UTC on 7 August is 8 August in Berlin (summer time)
    expect(lastDayOf({ end: new Date("2027-08-07T23:30:00Z"), start: new Date("2027-08-01T08:00:00Z"), registrationDeadline: "2027-05-31" })).toBe(
      "2027-08-08",
    );
    expect(lastDayOf({ end: null, start: new Date("2027-08-01T08:00:00Z"), registrationDeadline: "2027-05-31" })).toBe("2027-08-01");
    expect(lastDayOf({ registrationDeadline: "2027-05-31" })).toBe("2027-05-31");
    expect(lastDayOf({ end: new Date(Number.NaN), registrationDeadline: "kein Tag" })).toBeNull();
  });

  it("no default without a form type or any date", () => {
    expect(defaultExpirationFor({ formType: null, registrationDeadline: "2027-05-31" })).toBeNull();
    expect(defaultExpirationFor({ formType: "DEXAM_CAMP" })).toBeNull();
    expect(defaultExpirationFor({ formType: "DEXAM_CAMP", registrationDeadline: "2027-05-31" })).toBe("2027-08-31");
  });
});
