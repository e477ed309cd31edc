import { lazy, Suspense } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { InfoDialog } from "../components/InfoDialog";
import { LoadFailure } from "../components/LoadFailure";
import { t } from "../i18n/translate";
import type { StatisticDialogQuery } from "./__generated__/StatisticDialogQuery.graphql";
import styles from "./StatisticDialog.module.css";

/** The charts and their library load with the dialog only, not with the screens that open it. */
const StatisticCharts = lazy(() => import("./StatisticCharts"));

/**
 * The statistics dialog (R-EV018, R-LO009): width 300 to 450 px, every group a small table of
 * label/value pairs; of the event, or of one location with `locationId`. A failed load shows
 * "Statistik kann nicht geladen werden: …" (R-ER011) and closes the dialog. Above the tables, charts
 * of the courses/instruments or types/levels, registrations per day and pass rates per location.
 */
export function StatisticDialog({ eventId, locationId, name, onClose }: { eventId: string; locationId?: string; name: string; onClose: () => void }) {
  return (
    <ErrorBoundary fallback={(error) => <LoadFailure prefix="error.statistic.load" error={error} onDismiss={onClose} />}>
      <InfoDialog title={t("event.statisticTitle", { name })} onClose={onClose} className={styles.dialog}>
        <Suspense fallback={<p>{t("app.loading")}</p>}>
          <StatisticGroups eventId={eventId} locationId={locationId ?? null} />
        </Suspense>
      </InfoDialog>
    </ErrorBoundary>
  );
}

function StatisticGroups({ eventId, locationId }: { eventId: string; locationId: string | null }) {
  const data = useLazyLoadQuery<StatisticDialogQuery>(
    graphql`
      query StatisticDialogQuery($eventId: ID!, $locationId: ID) {
        eventStatistic(eventId: $eventId, locationId: $locationId) {
          name
          rows {
            label
            value
          }
        }
        eventStatisticCharts(eventId: $eventId, locationId: $locationId) {
          perDay {
            day
            count
          }
          passRates {
            location
            part
            passed
            failed
          }
        }
      }
    `,
    { eventId, locationId },
    { fetchPolicy: "network-only" },
  );
  if (data.eventStatistic.length === 0) return <p>{t("event.statisticEmpty")}</p>;
  return (
    <div className={styles.groups}>
      <Suspense fallback={<p>{t("event.chart.loading")}</p>}>
        <StatisticCharts groups={data.eventStatistic} charts={data.eventStatisticCharts} />
      </Suspense>
      {data.eventStatistic.map((group) => (
        <table key={group.name} className={styles.table}>
          <caption>{group.name}</caption>
          <thead>
            <tr>
              <th scope="col">{t("event.statisticLabel")}</th>
              <th scope="col" className={styles.value}>
                {t("event.statisticValue")}
              </th>
            </tr>
          </thead>
          <tbody>
            {group.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td className={styles.value}>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
