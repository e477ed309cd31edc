// What the statistics dialog draws, as plain data (chart.js stays in StatisticCharts.tsx).
import type { MessageKey } from "../i18n/de";
import { formatCalendarDay } from "./eventDates";

export type StatisticGroupData = { readonly name: string; readonly rows: readonly { readonly label: string; readonly value: number }[] };
export type StatisticChartsData = {
  readonly perDay: readonly { readonly day: string; readonly count: number }[];
  readonly passRates: readonly { readonly location: string; readonly part: string; readonly passed: number; readonly failed: number }[];
};

/** The groups drawn as bars: courses and instruments (D-exams), competition types and levels. */
const CHARTED_GROUPS = ["Kurse", "Instrumente", "Wertungsarten", "Stufen"];

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The series of every chart; a chart without data is left out (null or not listed). */
export function chartSeries(groups: readonly StatisticGroupData[], charts: StatisticChartsData, t: Translate) {
  const bars = groups
    .filter((g) => CHARTED_GROUPS.includes(g.name) && g.rows.some((r) => r.value > 0))
    .map((g) => ({ title: g.name, fileName: slug(g.name), labels: g.rows.map((r) => r.label), values: g.rows.map((r) => r.value) }));
  const perDay = charts.perDay.length
    ? { title: t("event.chart.perDay"), labels: charts.perDay.map((d) => formatCalendarDay(d.day)), values: charts.perDay.map((d) => d.count) }
    : null;
  const passRates = charts.passRates.length
    ? (() => {
        const labels = charts.passRates.map((r) => `${r.location} (${t(r.part === "THEORY" ? "event.chart.theory" : "event.chart.practice")})`);
        return {
          title: t("event.chart.passRates"),
          labels,
          passed: charts.passRates.map((r) => r.passed),
          failed: charts.passRates.map((r) => r.failed),
          rows: charts.passRates.map((r, i) => [labels[i], r.passed, r.failed, `${Math.round((100 * r.passed) / (r.passed + r.failed))} %`]),
        };
      })()
    : null;
  return { bars, perDay, passRates };
}

const csvCell = (v: string | number) => {
  const s = String(v);
  return /[";\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** CSV as German spreadsheet programs open it: semicolons, CRLF, a byte-order mark for the umlauts. */
export function csvOf(columns: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${[columns, ...rows].map((r) => r.map(csvCell).join(";")).join("\r\n")}\r\n`;
}
