import { describe, expect, it } from "vitest";
import { districtOptions } from "./districtOptions";

describe("district options", () => {
  it("[R-SH056] always contains the viewer's own district association, without duplicates", () => {
    const own = { databaseId: 2, name: "Süd" };
    expect(districtOptions(own, [])).toEqual([own]);
    expect(districtOptions(own, [{ databaseId: 1, name: "Nord" }, own]).map((d) => d.databaseId)).toEqual([2, 1]);
    expect(districtOptions(null, [{ databaseId: 1, name: "Nord" }])).toHaveLength(1);
  });
});
