import { graphql, usePaginationFragment } from "react-relay";
import type { DexamTable_query$key } from "./__generated__/DexamTable_query.graphql";
import type { DexamTablePaginationQuery } from "./__generated__/DexamTablePaginationQuery.graphql";
import { overviewColumns, type Pages } from "./RegistrationList";

/** The columns the server sorts the D-exam overview by (column key → orderBy field). */
export const DEXAM_ORDER_FIELDS = {
  id: "ID",
  firstname: "FIRSTNAME",
  lastname: "LASTNAME",
  association: "CLUB",
  instrument: "INSTRUMENT",
  course: "COURSE",
  songs: "SONGS",
} as const;

/**
 * The same with the result columns (points and grade), for viewers who see every result of the
 * event (Event.viewerSeesAllResults; the server refuses a sort by results to anyone else;
 * docs/decisions.md "Sortable columns, both doors").
 */
export const DEXAM_ORDER_FIELDS_WITH_RESULTS = { ...DEXAM_ORDER_FIELDS, theory: "THEORY_POINTS", practice: "PRACTICE_POINTS", grade: "GRADE" } as const;

/** The columns the server sorts the D-exam overview by for this viewer. */
export const dexamOrderFields = (viewerSeesAllResults: boolean) => (viewerSeesAllResults ? DEXAM_ORDER_FIELDS_WITH_RESULTS : DEXAM_ORDER_FIELDS);

/**
 * The D-exam table of the overview (R-RO004, R-RO007): ID, Vorname, Nachname, Verein, Instrument,
 * Kurs, Stücke, Theorie, Praxis, Note, then the row menu and the symbols (RegistrationList); paged
 * with "Mehr laden", sorted on the server by a click on ID, Vorname, Nachname, Verein, Instrument,
 * Kurs or Stücke, and for viewers who see every result on Theorie, Praxis or Note (`orderFields`).
 */
export const DEXAM_COLUMNS = overviewColumns("id", "firstname", "lastname", "association", "instrument", "course", "songs", "theory", "practice", "grade");

/** The pages of the D-exam table: the first one with the query, "Mehr laden" the next ones. */
export function useDexamPages(query: DexamTable_query$key) {
  const pages = usePaginationFragment<DexamTablePaginationQuery, DexamTable_query$key>(
    graphql`
      fragment DexamTable_query on Query
      @refetchable(queryName: "DexamTablePaginationQuery")
      @argumentDefinitions(eventId: { type: "ID!" }, search: { type: "String" }, orderBy: { type: "DexamRegistrationOrder" }, count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" }) {
        dexamRegistrations(eventId: $eventId, search: $search, orderBy: $orderBy, first: $count, after: $cursor) @connection(key: "DexamTable_dexamRegistrations") {
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
