import { describe, expect, it } from "vitest";
import { DEXAM_MSG } from "./messages.ts";
import { birthdateError } from "./validation.ts";

describe("the birthdate rule (one function for the form and the server)", () => {
  const now = new Date("2026-11-26T12:00:00Z");
  it("[R-DF001] accepts a real calendar day from 1900 up to today", () => {
    for (const day of ["1900-01-01", "2012-02-29", "2026-11-26"]) expect(birthdateError(day, now), day).toBeNull();
  });
  it("[R-DF001] refuses days that do not exist, days before 1900, the future and other spellings", () => {
    for (const day of ["2012-13-45", "2023-02-30", "1899-12-31", "0000-01-01", "2026-11-27", "05.04.2012", "2012-4-5", ""])
      expect(birthdateError(day, now), day).toBe(DEXAM_MSG.birthdate);
  });
});
