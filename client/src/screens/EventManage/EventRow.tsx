import type { EventFormType } from "@shared/event-exports";
import { EDIT_PHASE_LABELS, FORM_TYPE_LABELS } from "@shared/labels";
import { graphql, useFragment } from "react-relay";
import { RowMenu } from "../../components/RowMenu";
import { formatCalendarDay, formatDay } from "../../events/eventDates";
import { EVENT_ACTION_LABELS, type EventAction, eventRowActions } from "../../events/rowActions";
import { t } from "../../i18n/translate";
import type { EventDialog_event$key } from "./__generated__/EventDialog_event.graphql";
import type { EventRow_event$key } from "./__generated__/EventRow_event.graphql";

/** What the row shows and the table sorts by (the event screen spreads it unmasked beside the row's fragment). */
graphql`
  fragment EventRow_columns on Event {
    id
    databaseId
    name
    formType
    editPhase
    expiration
    registrationDeadlineDay
    published
  }
`;

export type EventRowAction =
  | { kind: "edit"; event: EventDialog_event$key }
  | { kind: "delete"; id: string; name: string }
  | { kind: "statistic"; id: string; name: string }
  | { kind: "copy"; id: string; name: string }
  | { kind: "certificateList"; databaseId: number }
  | { kind: "timetable"; databaseId: number };

/** One event: ID, name, type, edit phase, automatic deletion, deadline, published (R-EV002), and its menu. */
export function EventRow({ event, roles, onAction }: { event: EventRow_event$key; roles: readonly string[]; onAction: (action: EventRowAction) => void }) {
  const data = useFragment(
    graphql`
      fragment EventRow_event on Event {
        ...EventRow_columns @relay(mask: false)
        canManage
        ...EventDialog_event
      }
    `,
    event,
  );
  const actions = eventRowActions(roles, data.canManage, data.formType as EventFormType);
  const run = (action: EventAction) => {
    switch (action) {
      case "edit":
        return onAction({ kind: "edit", event: data });
      case "delete":
        return onAction({ kind: "delete", id: data.id, name: data.name });
      case "statistic":
        return onAction({ kind: "statistic", id: data.id, name: data.name });
      case "copy":
        return onAction({ kind: "copy", id: data.id, name: data.name });
      case "certificateList":
        return onAction({ kind: "certificateList", databaseId: data.databaseId });
      case "timetable":
        return onAction({ kind: "timetable", databaseId: data.databaseId });
    }
  };
  return (
    <tr>
      <td>{data.databaseId}</td>
      <td>{data.name}</td>
      <td>{FORM_TYPE_LABELS[data.formType as keyof typeof FORM_TYPE_LABELS] ?? data.formType}</td>
      <td>{EDIT_PHASE_LABELS[data.editPhase as keyof typeof EDIT_PHASE_LABELS] ?? data.editPhase}</td>
      <td>{formatDay(data.expiration)}</td>
      <td>{formatCalendarDay(data.registrationDeadlineDay)}</td>
      <td>{data.published ? t("common.yes") : t("common.no")}</td>
      <td>
        <RowMenu
          label={t("rowMenu.label", { name: data.name })}
          items={actions.map((action) => ({ value: action, label: t(EVENT_ACTION_LABELS[action]), danger: action === "delete" }))}
          onSelect={run}
        />
      </td>
    </tr>
  );
}
