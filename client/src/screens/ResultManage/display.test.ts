import { describe, expect, it } from "vitest";
import { castLabel, clubOptions, competitionTypeLabel, courseLabel, filterRows, gradeText, instrumentLabel, levelLabel, resultParts } from "./display";

const base = {
  theoryLocationId: 3,
  practiceLocationId: 2,
  theoryPoints: null as number | null,
  practicePoints: null as number | null,
  partialResultType: null as string | null,
  existingPartialResultVerified: false,
};

describe("result cell", () => {
  it("[R-RE005] theory and practice points with two decimals, open parts, the grade as text", () => {
    expect(resultParts({ ...base, theoryPoints: 72.5, practicePoints: 40.5 })).toEqual(["Theorie: 72,50", "Praxis: 40,50"]);
    expect(resultParts(base)).toEqual(["Theorie: offen", "Praxis: offen"]);
    expect(resultParts({ ...base, practiceLocationId: null })).toEqual(["Theorie: offen"]);
    expect(gradeText("PASSED")).toBe("bestanden");
    expect(gradeText("FAILED")).toBe("nicht bestanden");
    expect(gradeText(null)).toBe("");
  });

  it("a part brought along as an earlier partial result says so, unverified ones too", () => {
    expect(resultParts({ ...base, theoryLocationId: null, partialResultType: "THEORY", existingPartialResultVerified: true })).toEqual([
      "Theorie: Teilprüfung",
      "Praxis: offen",
    ]);
    expect(resultParts({ ...base, theoryLocationId: null, partialResultType: "THEORY" })).toEqual(["Theorie: Teilprüfung (ungeprüft)", "Praxis: offen"]);
  });

  it("[R-RE005][R-RE015] enumerations show their German labels", () => {
    expect(instrumentLabel("FLUTE")).toBe("Querflöte");
    expect(courseLabel("D2")).toBe("D2");
    expect(competitionTypeLabel("K")).toBe("K – Konzertmusik");
    expect(castLabel("JB")).toBe("Jugendblasorchester");
    expect(levelLabel({ category: "CAT_3", ageGroup: null })).toBe("3 – mittelschwer");
    expect(levelLabel({ category: null, ageGroup: "II" })).toBe("II");
    expect(levelLabel({ category: null, ageGroup: null })).toBe("");
  });
});

describe("club picker and search", () => {
  const rows = [
    { databaseId: 1, associationId: 10, associationName: "Musikverein Musterstadt", names: ["Felix", "Flöte"] },
    { databaseId: 2, associationId: 10, associationName: "Musikverein Musterstadt", names: ["Clara", "Klarinette"] },
    { databaseId: 12, associationId: 20, associationName: "Stadtkapelle Musterstadt", names: ["Sven", "Saxofon"] },
  ];

  it("[R-RE006] the club picker and the search filter the table", () => {
    expect(filterRows(rows, null, "").map((row) => row.databaseId)).toEqual([1, 2, 12]);
    expect(filterRows(rows, 10, "").map((row) => row.databaseId)).toEqual([1, 2]);
    expect(filterRows(rows, null, "flote").map((row) => row.databaseId)).toEqual([1]);
    expect(filterRows(rows, null, "FELIX flöte").map((row) => row.databaseId)).toEqual([1]);
    expect(filterRows(rows, null, "stadtkapelle").map((row) => row.databaseId)).toEqual([12]);
    expect(filterRows(rows, null, "12").map((row) => row.databaseId)).toEqual([12]);
    expect(filterRows(rows, 20, "Felix")).toEqual([]);
  });

  it("[R-RE002] the club picker lists each club with rows once, by name", () => {
    expect(clubOptions([...rows].reverse())).toEqual([
      { value: "10", label: "Musikverein Musterstadt" },
      { value: "20", label: "Stadtkapelle Musterstadt" },
    ]);
  });
});
