import { describe, expect, it } from "vitest";
import { t } from "../i18n/translate";
import { chartSeries, csvOf } from "./statisticCharts";

const groups = [
  { name: "Anmeldungen", rows: [{ label: "Gesamt", value: 3 }] },
  {
    name: "Kurse",
    rows: [
      { label: "D1", value: 2 },
      { label: "D2", value: 1 },
      { label: "D3", value: 0 },
    ],
  },
  { name: "Instrumente", rows: [] },
  { name: "Vereine", rows: [{ label: "MV", value: 3 }] },
];

describe("statistics charts", () => {
  it("draws courses and instruments (not totals or clubs), and leaves out groups without counts", () => {
    const s = chartSeries(groups, { perDay: [], passRates: [] }, t);
    expect(s.bars.map((b) => b.title)).toEqual(["Kurse"]);
    expect(s.bars[0]).toMatchObject({ labels: ["D1", "D2", "D3"], values: [2, 1, 0], fileName: "kurse" });
    expect(s.perDay).toBeNull();
    expect(s.passRates).toBeNull();
  });

  it("labels days in German and pass rates with part and percentage", () => {
    const s = chartSeries(
      [],
      {
        perDay: [
          { day: "2027-03-01", count: 2 },
          { day: "2027-03-02", count: 0 },
        ],
        passRates: [{ location: "Musikschule", part: "THEORY", passed: 3, failed: 1 }],
      },
      t,
    );
    expect(s.perDay).toEqual({ title: "Anmeldungen pro Tag", labels: ["01.03.2027", "02.03.2027"], values: [2, 0] });
    expect(s.passRates?.rows).toEqual([["Musikschule (Theorie)", 3, 1, "75 %"]]);
  });

  it("writes CSV for German spreadsheets: BOM, semicolons, CRLF, quoted cells", () => {
    expect(csvOf(["Bezeichnung", "Anzahl"], [['Musikverein "Harmonie"; Nord', 2]])).toBe('\uFEFFBezeichnung;Anzahl\r\n"Musikverein ""Harmonie""; Nord";2\r\n');
  });
});
