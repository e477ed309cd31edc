import { graphql, usePaginationFragment } from "react-relay";
import type { DexamTable_query$key } from "./__generated__/DexamTable_query.graphql";
import type { DexamTablePaginationQuery } from "./__generated__/DexamTablePaginationQuery.graphql";
import { overviewColumns } from "./RegistrationList";

/**
 * The D-exam table of the overview (R-RO004, R-RO007): ID, Vorname, Nachname, Verein, Instrument,
 * Kurs, Stücke, Theorie, Praxis, Note, then the row menu and the symbols (RegistrationList); paged
 * with "Mehr laden", sorted on the server by a click on ID, Vorname, Nachname, Verein, Instrument,
 * Kurs or Stücke, and for viewers who see every result on Theorie, Praxis or Note (`orderFields`).
 */
export const DEXAM_COLUMNS = overviewColumns(
  "id",
  "firstname",
  "lastname",
  "association",
  "instrument",
  "course",
  "songs",
  "theory",
  "practice",
  "grade",
  "timetable",
);

/** The pages of the D-exam table: the first one with the query, "Mehr laden" the next ones. */
export function useDexamPages(query: DexamTable_query$key) {
  const pages = usePaginationFragment<DexamTablePaginationQuery, DexamTable_query$key>(
    graphql`
      fragment DexamTable_query on Query
      @refetchable(queryName: "DexamTablePaginationQuery")
      @argumentDefinitions(eventId: { type: "ID!" }, search: { type: "String" }, location: { type: "ID" }, association: { type: "ID" }, filter: { type: "RegistrationListFilter" }, orderBy: { type: "DexamRegistrationOrder" }, count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" }) {
        dexamRegistrations(eventId: $eventId, search: $search, location: $location, association: $association, filter: $filter, orderBy: $orderBy, first: $count, after: $cursor) @connection(key: "DexamTable_dexamRegistrations") {
          totalCount
          edges {
            node {
              id
              ...DexamRow_registration
            }
          }
        }
      }
    `,
    query,
  );
  return { ...pages, connection: pages.data.dexamRegistrations };
}
