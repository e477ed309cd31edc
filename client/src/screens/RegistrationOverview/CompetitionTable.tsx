import { graphql, usePaginationFragment } from "react-relay";
import type { CompetitionTable_query$key } from "./__generated__/CompetitionTable_query.graphql";
import type { CompetitionTablePaginationQuery } from "./__generated__/CompetitionTablePaginationQuery.graphql";
import { overviewColumns } from "./RegistrationList";

/**
 * The competition table of the overview (R-RO003, R-RO005): ID, Name, Verein, Typ, Besetzung,
 * Stufe/Altersgruppe, Unterlagen, Stücke, Punkte, Prädikat, then the row menu and the symbols
 * (RegistrationList); paged with "Mehr laden", sorted on the server by a click on ID, Name, Verein,
 * Typ, Besetzung, Stufe, Unterlagen or Stücke, and for viewers who see every result on Punkte or
 * Prädikat (`orderFields`).
 */
export const COMPETITION_COLUMNS = overviewColumns("id", "name", "association", "type", "cast", "level", "documents", "songs", "points", "mark", "timetable");

/** The pages of the competition table: the first one with the query, "Mehr laden" the next ones. */
export function useCompetitionPages(query: CompetitionTable_query$key) {
  const pages = usePaginationFragment<CompetitionTablePaginationQuery, CompetitionTable_query$key>(
    graphql`
      fragment CompetitionTable_query on Query
      @refetchable(queryName: "CompetitionTablePaginationQuery")
      @argumentDefinitions(eventId: { type: "ID!" }, search: { type: "String" }, location: { type: "ID" }, association: { type: "ID" }, filter: { type: "RegistrationListFilter" }, orderBy: { type: "CompetitionRegistrationOrder" }, count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" }) {
        competitionRegistrations(eventId: $eventId, search: $search, location: $location, association: $association, filter: $filter, orderBy: $orderBy, first: $count, after: $cursor)
          @connection(key: "CompetitionTable_competitionRegistrations") {
          totalCount
          edges {
            node {
              id
              ...CompetitionRow_registration
            }
          }
        }
      }
    `,
    query,
  );
  return { ...pages, connection: pages.data.competitionRegistrations };
}
