import type { ReactNode } from "react";
import { useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Button } from "../../components/Button";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import type { SortAccessors } from "../../components/useTableSort";
import { runDownload } from "../../http/runDownload";
import { t } from "../../i18n/translate";
import { useRefresh } from "../../relay/useRefresh";
import type { CompetitionResultsQuery } from "./__generated__/CompetitionResultsQuery.graphql";
import { castLabel, competitionTypeLabel, levelLabel } from "./display";
import { PublishResults } from "./PublishResults";
import { formatPoints } from "./points";
import styles from "./ResultManage.module.css";
import type { ResultFilters } from "./ResultManageContent";
import { ResultToolbar, useResultRows } from "./ResultToolbar";
import { canManageResults, resultPaths } from "./rowActions";
import { UploadDialog } from "./UploadDialog";

type ResultNode = CompetitionResultsQuery["response"]["competitionResults"][number];

/** What each sortable column sorts by (the texts as shown, points by value). */
const COMPETITION_RESULT_SORT: SortAccessors<ResultNode> = {
  id: (row) => row.databaseId,
  name: (row) => row.name,
  club: (row) => row.associationName,
  type: (row) => competitionTypeLabel(row.type),
  cast: (row) => castLabel(row.cast),
  level: (row) => levelLabel(row) || null,
  points: (row) => row.points,
  mark: (row) => row.mark,
};

/** What the search reads of a row besides its club. */
const competitionNames = (row: ResultNode) => [row.name];

/**
 * The competition view (R-RE015..R-RE017): the event's registrations with points and mark, club
 * picker and search; the PC Juror tools: "PC Juror Importliste" (every results role) and
 * "Wertungsspielergebnisse hochladen" (results_manage; one pcjuror.xlsm). results_read sees
 * everything and changes nothing.
 */
export function CompetitionResults({
  event,
  roles,
  pickers,
  filters,
  pending,
}: {
  event: { id: string; databaseId: number; name: string };
  roles: readonly string[];
  pickers: ReactNode;
  filters: ResultFilters;
  pending: boolean;
}) {
  const { fetchKey, refresh, pending: refreshing } = useRefresh();
  const data = useLazyLoadQuery<CompetitionResultsQuery>(
    graphql`
      query CompetitionResultsQuery($eventId: ID!) {
        # the locations' publishing: competition results show once every location publishes
        event: node(id: $eventId) {
          ... on Event {
            locations {
              id
              name
              version
              publishResults
              resultPublication {
                registrations
                mails
              }
            }
          }
        }
        competitionResults(eventId: $eventId) {
          id
          databaseId
          name
          associationId
          associationName
          type
          cast
          category
          ageGroup
          points
          mark
          cancelledAt
        }
      }
    `,
    { eventId: event.id },
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  const manage = canManageResults(roles);
  const all = data.competitionResults;
  const { clubs, associationId, rows: sorted, sort, onSort } = useResultRows(all, competitionNames, filters, COMPETITION_RESULT_SORT);
  const [uploading, setUploading] = useState(false);

  const columns: DataTableColumn[] = [
    { key: "id", header: t("results.column.id"), narrow: true, sortable: true },
    { key: "name", header: t("results.column.name"), sortable: true },
    { key: "club", header: t("results.column.club"), sortable: true },
    { key: "type", header: t("results.column.type"), sortable: true },
    { key: "cast", header: t("results.column.cast"), sortable: true },
    { key: "level", header: t("results.column.level"), sortable: true },
    { key: "points", header: t("results.column.points"), sortable: true },
    { key: "mark", header: t("results.column.mark"), sortable: true },
  ];

  return (
    <>
      <ResultToolbar pickers={pickers} clubs={clubs} associationId={associationId} filters={filters} />
      <section className={styles.tools} aria-label={t("results.competition.title")}>
        <h2 className={styles.toolsTitle}>{t("results.competition.title")}</h2>
        <p className={styles.toolsText}>{t("results.competition.hint")}</p>
        <div className={styles.toolsActions}>
          {manage && <Button onClick={() => setUploading(true)}>{t("results.competition.upload")}</Button>}
          <Button variant="secondary" onClick={() => void runDownload(resultPaths.pcJurorImport(event.databaseId), "error.download.pcJurorImport")}>
            {t("results.competition.importList")}
          </Button>
        </div>
      </section>
      {data.event?.locations?.map((location) => (
        <PublishResults key={location.id} location={location} onPublished={refresh} />
      ))}
      <DataTable label={t("results.table.competition")} columns={columns} rowCount={sorted.length} loading={pending || refreshing} sort={sort} onSort={onSort}>
        {sorted.map((row) => (
          <tr key={row.id} className={row.cancelledAt ? styles.cancelled : undefined} data-cancelled={row.cancelledAt ? "true" : undefined}>
            <td>{row.databaseId}</td>
            <td className={styles.longName}>
              {row.name}
              {row.cancelledAt && <span className={styles.badge}>{t("results.cancelled")}</span>}
            </td>
            <td className={styles.longName}>{row.associationName}</td>
            <td>{competitionTypeLabel(row.type)}</td>
            <td>{castLabel(row.cast)}</td>
            <td>{levelLabel(row)}</td>
            <td>{formatPoints(row.points)}</td>
            <td>{row.mark ?? ""}</td>
          </tr>
        ))}
      </DataTable>
      {uploading && (
        <UploadDialog
          kind="pcJuror"
          title={t("results.competition.upload")}
          text={t("results.competition.dialogText", { event: event.name })}
          fieldLabel={t("results.competition.file")}
          path={resultPaths.pcJurorUpload(event.databaseId)}
          success="success.competitionResults.upload"
          failure="error.competitionResults.upload"
          onClose={() => setUploading(false)}
          onUploaded={() => {
            setUploading(false);
            refresh();
          }}
        />
      )}
    </>
  );
}
