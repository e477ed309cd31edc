import { graphql, useLazyLoadQuery, usePaginationFragment } from "react-relay";
import type { DataTableColumn } from "../../components/DataTable";
import { DistrictPage } from "../../components/DistrictPage";
import { Notice } from "../../components/Notice";
import { PagedDataTable } from "../../components/PagedDataTable";
import { formatTableDateTime } from "../../events/eventDates";
import { t } from "../../i18n/translate";
import { healthAccessLogRoute, routeTitle } from "../../routes/routeTable";
import { useDistrictAssociationGlobalId } from "../../shell/useDistrictAssociationGlobalId";
import type { HealthAccessLogScreen_query$key } from "./__generated__/HealthAccessLogScreen_query.graphql";
import type { HealthAccessLogScreenPaginationQuery } from "./__generated__/HealthAccessLogScreenPaginationQuery.graphql";
import type { HealthAccessLogScreenQuery } from "./__generated__/HealthAccessLogScreenQuery.graphql";
import { accessedRegistrationsText } from "./accessLog";

export const ACCESS_PAGE_SIZE = 25;

/**
 * "Zugriffe auf Gesundheitsdaten" (registration_manage): who read camp health data in the ACTIVE
 * district association of the drawer's selector, newest first, paged with "Mehr laden"; each row
 * says when, who, through which door and which registrations. The server decides who may read it
 * (healthDataAccess.list).
 */
export function HealthAccessLogScreen() {
  return (
    <DistrictPage title={routeTitle(healthAccessLogRoute)} intro={<p>{t("healthAccess.intro")}</p>} loadError="healthAccess.loadFailed">
      {(districtAssociationId) => <HealthAccessLogContent districtAssociationId={districtAssociationId} />}
    </DistrictPage>
  );
}

function HealthAccessLogContent({ districtAssociationId }: { districtAssociationId: number }) {
  const district = useDistrictAssociationGlobalId(districtAssociationId);
  const data = useLazyLoadQuery<HealthAccessLogScreenQuery>(
    graphql`
      query HealthAccessLogScreenQuery($district: ID) {
        ...HealthAccessLogScreen_query @arguments(district: $district)
      }
    `,
    { district },
    { fetchPolicy: "network-only" },
  );
  return <HealthAccessLogTable query={data} />;
}

function HealthAccessLogTable({ query }: { query: HealthAccessLogScreen_query$key }) {
  const { data, ...paging } = usePaginationFragment<HealthAccessLogScreenPaginationQuery, HealthAccessLogScreen_query$key>(
    graphql`
      fragment HealthAccessLogScreen_query on Query
      @refetchable(queryName: "HealthAccessLogScreenPaginationQuery")
      @argumentDefinitions(district: { type: "ID" }, count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" }) {
        healthDataAccesses(districtAssociation: $district, first: $count, after: $cursor) @connection(key: "HealthAccessLogScreen_healthDataAccesses") {
          totalCount
          edges {
            cursor
            node {
              at
              actorName
              doorLabel
              registrationCount
              registrations(first: 5) {
                databaseId
                name
                eventName
              }
            }
          }
        }
      }
    `,
    query,
  );
  const edges = data.healthDataAccesses.edges;
  if (data.healthDataAccesses.totalCount === 0) return <Notice>{t("healthAccess.empty")}</Notice>;
  const columns: DataTableColumn[] = [
    { key: "at", header: t("healthAccess.when") },
    { key: "who", header: t("healthAccess.who") },
    { key: "door", header: t("healthAccess.door") },
    { key: "registrations", header: t("healthAccess.registrations") },
  ];
  return (
    <PagedDataTable
      label={t("healthAccess.caption")}
      columns={columns}
      rowCount={edges.length}
      total={data.healthDataAccesses.totalCount}
      paging={paging}
      pageSize={ACCESS_PAGE_SIZE}
      loadError="healthAccess.loadFailed"
    >
      {edges.map(({ cursor, node }) => (
        <tr key={cursor}>
          <td>{formatTableDateTime(node.at)}</td>
          <td>{node.actorName}</td>
          <td>{node.doorLabel}</td>
          <td>{accessedRegistrationsText(node.registrations, node.registrationCount)}</td>
        </tr>
      ))}
    </PagedDataTable>
  );
}
