import { LOCATION_TYPE_LABELS } from "@shared/labels";
import { graphql, useFragment } from "react-relay";
import { RowMenu } from "../../components/RowMenu";
import { formatTableDateTime } from "../../events/eventDates";
import { LOCATION_ACTION_LABELS, type LocationAction, locationRowActions } from "../../events/rowActions";
import { t } from "../../i18n/translate";
import type { LocationDialog_location$key } from "./__generated__/LocationDialog_location.graphql";
import type { LocationRow_location$key } from "./__generated__/LocationRow_location.graphql";

/** What the row shows and the table sorts by (the location screen spreads it unmasked beside the row's fragment). */
graphql`
  fragment LocationRow_columns on EventLocation {
    id
    databaseId
    name
    type
    dexamTypes
    competitionTypes
    start
    end
    publishResults
  }
`;

export type LocationRowAction =
  | { kind: "edit"; location: LocationDialog_location$key }
  | { kind: "delete"; id: string; name: string }
  | { kind: "statistic"; id: string; name: string }
  | { kind: "overview" | "blankSheets" | "sheets"; databaseId: number };

/**
 * One location: ID, name, type, categories (courses or competition types, R-LO004), start, end
 * (0001-01-01 empty, R-LO018), results published (R-LO003), and its menu (R-LO008).
 */
export function LocationRow({
  location,
  roles,
  canManage,
  formType,
  onAction,
}: {
  location: LocationRow_location$key;
  roles: readonly string[];
  canManage: boolean;
  formType: string;
  onAction: (action: LocationRowAction) => void;
}) {
  const data = useFragment(
    graphql`
      fragment LocationRow_location on EventLocation {
        ...LocationRow_columns @relay(mask: false)
        practiceSheetsAvailable
        ...LocationDialog_location
      }
    `,
    location,
  );
  const categories = data.type === "COMPETITION" ? data.competitionTypes : data.dexamTypes;
  const run = (action: LocationAction) => {
    switch (action) {
      case "edit":
        return onAction({ kind: "edit", location: data });
      case "delete":
        return onAction({ kind: "delete", id: data.id, name: data.name });
      case "statistic":
        return onAction({ kind: "statistic", id: data.id, name: data.name });
      default:
        return onAction({ kind: action, databaseId: data.databaseId });
    }
  };
  return (
    <tr>
      <td>{data.databaseId}</td>
      <td>{data.name}</td>
      <td>{LOCATION_TYPE_LABELS[data.type as keyof typeof LOCATION_TYPE_LABELS] ?? data.type}</td>
      <td>{categories.join(", ")}</td>
      <td>{formatTableDateTime(data.start)}</td>
      <td>{formatTableDateTime(data.end)}</td>
      <td>{data.publishResults ? t("common.yes") : t("common.no")}</td>
      <td>
        <RowMenu
          label={t("rowMenu.label", { name: data.name })}
          items={locationRowActions(roles, canManage, formType, data.type, data.practiceSheetsAvailable).map((action) => ({
            value: action,
            label: t(LOCATION_ACTION_LABELS[action]),
            danger: action === "delete",
          }))}
          onSelect={run}
        />
      </td>
    </tr>
  );
}
