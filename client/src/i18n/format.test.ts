import { describe, expect, it } from "vitest";
import { formatDateTime } from "./format";

describe("date formatting", () => {
  it("[R-UM004] last active shows as German date and time, and stays empty for a user who never signed in", () => {
    expect(formatDateTime("2025-05-14T11:45:00Z")).toBe("14.05.2025, 13:45");
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime(undefined)).toBe("");
    expect(formatDateTime("kein Datum")).toBe("");
  });
});
