// The statistics dialog's charts (loaded with the dialog only: chart.js lives in this chunk). Every
// chart has its numbers as a table (for screen readers and for reading exact values) and offers
// them as CSV and the picture as PNG.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";
import { useEffect, useId, useRef } from "react";
import { Button } from "../components/Button";
import { saveFile } from "../http/download";
import { t } from "../i18n/translate";
import styles from "./StatisticDialog.module.css";
import { chartSeries, csvOf, type StatisticChartsData, type StatisticGroupData } from "./statisticCharts";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Legend, Tooltip);

const PRIMARY = "#1d4f91";
const PASSED = "#2e7d32";
const FAILED = "#c62828";

/** One chart: title, canvas (role img), its table in a disclosure, CSV and PNG downloads. */
function ChartFigure({
  title,
  fileName,
  config,
  columns,
  rows,
}: {
  title: string;
  fileName: string;
  config: ChartConfiguration;
  columns: string[];
  rows: (string | number)[][];
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const captionId = useId();
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  const png = () =>
    canvas.current?.toBlob((blob) => {
      if (blob) saveFile({ blob, fileName: `${fileName}.png` });
    }, "image/png");
  const csv = () => saveFile({ blob: new Blob([csvOf(columns, rows)], { type: "text/csv;charset=utf-8" }), fileName: `${fileName}.csv` });
  return (
    <figure className={styles.chart} aria-labelledby={captionId} data-testid="statistic-chart">
      <figcaption id={captionId} className={styles.chartTitle}>
        {title}
      </figcaption>
      <div className={styles.canvas}>
        <canvas ref={canvas} role="img" aria-label={t("event.chart.picture", { title })} />
      </div>
      <details className={styles.chartTable}>
        <summary>{t("event.chart.asTable")}</summary>
        <table className={styles.table}>
          <caption>{title}</caption>
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th key={c} scope="col" className={i > 0 ? styles.value : undefined}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={columns[i]} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={columns[i]} className={styles.value}>
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <div className={styles.chartActions}>
        <Button variant="text" onClick={csv}>
          {t("event.chart.csv")}
        </Button>
        <Button variant="text" onClick={png}>
          {t("event.chart.png")}
        </Button>
      </div>
    </figure>
  );
}

const baseOptions = { animation: false, responsive: true, maintainAspectRatio: false, plugins: { legend: { display: false } } } as const;

export default function StatisticCharts({ groups, charts }: { groups: readonly StatisticGroupData[]; charts: StatisticChartsData }) {
  const series = chartSeries(groups, charts, t);
  return (
    <div className={styles.charts}>
      {series.bars.map((bar) => (
        <ChartFigure
          key={bar.title}
          title={bar.title}
          fileName={bar.fileName}
          columns={[t("event.statisticLabel"), t("event.statisticValue")]}
          rows={bar.labels.map((label, i) => [label, bar.values[i]])}
          config={{
            type: "bar",
            data: { labels: bar.labels, datasets: [{ label: bar.title, data: bar.values, backgroundColor: PRIMARY }] },
            options: { ...baseOptions, indexAxis: "y", scales: { x: { beginAtZero: true, ticks: { precision: 0 } } } },
          }}
        />
      ))}
      {series.perDay && (
        <ChartFigure
          title={series.perDay.title}
          fileName="anmeldungen-pro-tag"
          columns={[t("event.chart.day"), t("event.statisticValue")]}
          rows={series.perDay.labels.map((label, i) => [label, series.perDay?.values[i] ?? 0])}
          config={{
            type: "line",
            data: {
              labels: series.perDay.labels,
              datasets: [{ label: series.perDay.title, data: series.perDay.values, borderColor: PRIMARY, backgroundColor: PRIMARY }],
            },
            options: { ...baseOptions, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
          }}
        />
      )}
      {series.passRates && (
        <ChartFigure
          title={series.passRates.title}
          fileName="bestanden-pro-ort"
          columns={[t("event.chart.location"), t("event.chart.passed"), t("event.chart.failed"), t("event.chart.rate")]}
          rows={series.passRates.rows}
          config={{
            type: "bar",
            data: {
              labels: series.passRates.labels,
              datasets: [
                { label: t("event.chart.passed"), data: series.passRates.passed, backgroundColor: PASSED },
                { label: t("event.chart.failed"), data: series.passRates.failed, backgroundColor: FAILED },
              ],
            },
            options: {
              ...baseOptions,
              indexAxis: "y",
              plugins: { legend: { display: true } },
              scales: { x: { stacked: true, beginAtZero: true, ticks: { precision: 0 } }, y: { stacked: true } },
            },
          }}
        />
      )}
    </div>
  );
}
