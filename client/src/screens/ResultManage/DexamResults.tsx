import type { ReactNode } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Button } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataTable, type DataTableColumn, menuColumn } from "../../components/DataTable";
import { Notice } from "../../components/Notice";
import { useManageDialogs } from "../../components/useManageDialogs";
import type { SortAccessors } from "../../components/useTableSort";
import { runDownload } from "../../http/runDownload";
import { t } from "../../i18n/translate";
import { useRefresh } from "../../relay/useRefresh";
import type { DexamResultsQuery } from "./__generated__/DexamResultsQuery.graphql";
import { DexamResultRow, type DexamResultRowData } from "./DexamResultRow";
import { courseLabel, instrumentLabel } from "./display";
import { PublishResults } from "./PublishResults";
import styles from "./ResultManage.module.css";
import type { ResultFilters } from "./ResultManageContent";
import { ResultToolbar, useResultRows } from "./ResultToolbar";
import { canManageResults, type DexamResultAction, partAt, resultPaths } from "./rowActions";
import { TheoryResultDialog } from "./TheoryResultDialog";
import { showsTheoryColumn } from "./theoryInline";
import { UploadDialog } from "./UploadDialog";
import { useDeleteDexamResult } from "./useDeleteDexamResult";

interface EventFacts {
  id: string;
  databaseId: number;
  name: string;
}

interface LocationFacts {
  id: string;
  databaseId: number;
  name: string;
  type: string;
  /** the server's answers (EventLocation): the viewer may upload here; filled sheets were uploaded and the viewer may download them */
  viewerCanUploadPracticeSheets: boolean;
  practiceSheetsAvailable: boolean;
}

type DialogState = { kind: "theory"; row: DexamResultRowData } | { kind: "delete"; row: DexamResultRowData; part: "theory" | "practice" } | { kind: "upload" };

type ResultNode = DexamResultsQuery["response"]["dexamResults"][number];

/** What each sortable column sorts by (the texts as shown; the result column is not sortable). */
const DEXAM_RESULT_SORT: SortAccessors<ResultNode> = {
  id: (row) => row.databaseId,
  firstname: (row) => row.firstname,
  lastname: (row) => row.lastname,
  club: (row) => row.associationName,
  instrument: (row) => instrumentLabel(row.instrument),
  course: (row) => courseLabel(row.type),
};

/** What the search reads of a row besides its club. */
const dexamNames = (row: ResultNode) => [row.firstname, row.lastname];

/**
 * The D-exam view (R-RE005..R-RE014): the registrations of the event, or of the chosen theory or
 * practice location, with their results; club picker and search filter the loaded rows. With a
 * practice location the practice-sheet tools (downloads for every results role, the upload for
 * results_manage, the hint never to rename a sheet); with a theory location the hint where theory
 * points are entered. results_read sees everything and changes nothing.
 */
export function DexamResults({
  event,
  location,
  hasLocations,
  roles,
  pickers,
  filters,
  pending,
}: {
  event: EventFacts;
  location: LocationFacts | null;
  hasLocations: boolean;
  roles: readonly string[];
  pickers: ReactNode;
  filters: ResultFilters;
  pending: boolean;
}) {
  const { fetchKey, refresh, pending: refreshing } = useRefresh();
  const data = useLazyLoadQuery<DexamResultsQuery>(
    graphql`
      query DexamResultsQuery($eventId: ID!, $locationId: Int, $locationNodeId: ID!, $withLocation: Boolean!) {
        # read again with the rows (a refresh after an upload), so the location's tools follow
        location: node(id: $locationNodeId) @include(if: $withLocation) {
          ... on EventLocation {
            viewerCanUploadPracticeSheets
            practiceSheetsAvailable
            version
            publishResults
            resultPublication {
              registrations
              mails
            }
          }
        }
        dexamResults(eventId: $eventId, locationId: $locationId) {
          id
          databaseId
          firstname
          lastname
          associationId
          associationName
          instrument
          type
          ...DexamResultRow_result
        }
      }
    `,
    { eventId: event.id, locationId: location?.databaseId ?? null, locationNodeId: location?.id ?? "", withLocation: location !== null },
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  const manage = canManageResults(roles);
  const uploads = data.location?.viewerCanUploadPracticeSheets ?? location?.viewerCanUploadPracticeSheets ?? false;
  const filled = data.location?.practiceSheetsAvailable ?? location?.practiceSheetsAvailable ?? false;
  const all = data.dexamResults;
  const { clubs, associationId, rows: sorted, sort, onSort } = useResultRows(all, dexamNames, filters, DEXAM_RESULT_SORT);
  const { dialog, setDialog, close, saved } = useManageDialogs<DialogState>(refresh);
  const [deleteResult, deleting] = useDeleteDexamResult();
  const onAction = (action: DexamResultAction, row: DexamResultRowData) => {
    switch (action) {
      case "editTheory":
        setDialog({ kind: "theory", row });
        return;
      case "delete": {
        const part = partAt(row, location);
        if (part) setDialog({ kind: "delete", row, part });
        return;
      }
      case "downloadSheet":
        void runDownload(resultPaths.practiceSheet(row.databaseId), "error.download.practiceSheet");
        return;
    }
  };

  const columns: DataTableColumn[] = [
    { key: "id", header: t("results.column.id"), narrow: true, sortable: true },
    { key: "firstname", header: t("results.column.firstname"), sortable: true },
    { key: "lastname", header: t("results.column.lastname"), sortable: true },
    { key: "club", header: t("results.column.club"), sortable: true },
    { key: "instrument", header: t("results.column.instrument"), sortable: true },
    { key: "course", header: t("results.column.course"), sortable: true },
    { key: "result", header: t("results.column.result") },
    ...(showsTheoryColumn(roles, location) ? [{ key: "theoryPoints", header: t("results.column.theoryPoints") }] : []),
    ...menuColumn(),
  ];

  return (
    <>
      <ResultToolbar pickers={pickers} clubs={clubs} associationId={associationId} filters={filters} />
      {!hasLocations ? (
        <Notice>{t("results.noLocations")}</Notice>
      ) : location?.type === "DEXAM_PRACTICE" ? (
        <section className={styles.tools} aria-label={t("results.practice.title")}>
          <h2 className={styles.toolsTitle}>{t("results.practice.title")}</h2>
          <p className={styles.toolsText}>{t(uploads ? "results.practice.steps" : "results.practice.stepsRead")}</p>
          {uploads && <p className={styles.warning}>{t("results.practice.hint")}</p>}
          <div className={styles.toolsActions}>
            {uploads && <Button onClick={() => setDialog({ kind: "upload" })}>{t("results.practice.upload")}</Button>}
            <Button variant="secondary" onClick={() => void runDownload(resultPaths.blankSheets(location.databaseId), "error.download.blankPracticeSheets")}>
              {t("results.practice.blank")}
            </Button>
            {filled && (
              <Button variant="secondary" onClick={() => void runDownload(resultPaths.sheets(location.databaseId), "error.download.practiceSheets")}>
                {t("results.practice.filled")}
              </Button>
            )}
          </div>
        </section>
      ) : location ? (
        manage && <Notice>{t("results.theory.toolHint")}</Notice>
      ) : (
        manage && <Notice>{t("results.pickLocation")}</Notice>
      )}
      {location && data.location?.version != null && (
        <PublishResults
          location={{
            id: location.id,
            name: location.name,
            version: data.location.version,
            publishResults: data.location.publishResults ?? false,
            resultPublication: data.location.resultPublication,
          }}
          onPublished={refresh}
        />
      )}
      <DataTable label={t("results.table.dexam")} columns={columns} rowCount={sorted.length} loading={pending || refreshing} sort={sort} onSort={onSort}>
        {sorted.map((row) => (
          <DexamResultRow key={row.id} result={row} roles={roles} location={location} onAction={onAction} />
        ))}
      </DataTable>
      {dialog?.kind === "theory" && location && <TheoryResultDialog row={dialog.row} location={location} onClose={close} onSaved={saved} />}
      {dialog?.kind === "delete" && location && (
        <ConfirmDialog
          text={t(dialog.part === "theory" ? "results.confirmDelete.theory" : "results.confirmDelete.practice", {
            name: `${dialog.row.firstname} ${dialog.row.lastname}`,
          })}
          busy={deleting}
          onCancel={close}
          onConfirm={async () => {
            const result = await deleteResult(
              { registrationId: dialog.row.registrationId, location: location.id },
              { required: ["registrationId", "location"] },
            );
            if (result.ok) saved();
            else close();
          }}
        />
      )}
      {dialog?.kind === "upload" && location && (
        <UploadDialog
          kind="practiceSheets"
          title={t("results.practice.upload")}
          text={t("results.practice.dialogText", { location: location.name })}
          hint={t("results.practice.hint")}
          fieldLabel={t("results.practice.files")}
          path={resultPaths.practiceSheetsUpload(location.databaseId)}
          success="success.practiceSheets.upload"
          failure="error.practiceSheets.upload"
          onClose={close}
          onUploaded={saved}
        />
      )}
    </>
  );
}
