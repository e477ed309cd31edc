import { memo } from "react";
import { graphql, useFragment } from "react-relay";
import { TimetableCell } from "../../registration/TimetableSlots";
import type { CompetitionRow_registration$data, CompetitionRow_registration$key } from "./__generated__/CompetitionRow_registration.graphql";
import { castText, competitionTypeText, formatPoints, levelText } from "./display";
import styles from "./OverviewRow.module.css";
import { type CompetitionRowAction, competitionRowActions, ROW_ACTION_LABELS } from "./rowActions";
import { RegistrationRow, type RowProps, StatusCell } from "./rowParts";

export type CompetitionRowData = CompetitionRow_registration$data;

/**
 * One competition registration (R-RO005, R-RO006, R-RO008): ID, name, club, type, cast, category or
 * age group, documents and songs status, points and mark (empty until the results are published
 * for every location of the event; staff always see them); the row menu from the server's viewerCan
 * (R-RO021); a cancelled row greyed with its cancel symbol (R-RO011..R-RO013).
 */
export const CompetitionRow = memo(function CompetitionRow({
  registration,
  onAction,
}: RowProps<CompetitionRow_registration$key, CompetitionRowAction, CompetitionRowData>) {
  const data = useFragment(
    graphql`
      fragment CompetitionRow_registration on CompetitionRegistration {
        id
        databaseId
        name
        association {
          name
        }
        type
        cast
        category
        ageGroup
        documentsComplete
        songsComplete
        points
        mark
        cancelledAt
        timetableSlots {
          ...TimetableSlots_slots
        }
        viewerCan {
          history
          edit
          delete
          cancel
        }
      }
    `,
    registration,
  );
  return (
    <RegistrationRow
      cancelledAt={data.cancelledAt}
      name={data.name}
      actions={competitionRowActions(data.viewerCan, !!data.cancelledAt)}
      labels={ROW_ACTION_LABELS}
      onSelect={(action) => onAction(action, data)}
    >
      <td>{data.databaseId}</td>
      <td>{data.name}</td>
      <td>{data.association.name}</td>
      <td>{competitionTypeText(data.type)}</td>
      <td>{castText(data.cast)}</td>
      <td>{levelText(data)}</td>
      <td>
        <StatusCell complete={data.documentsComplete} />
      </td>
      <td>
        <StatusCell complete={data.songsComplete} />
      </td>
      <td className={styles.number}>{formatPoints(data.points)}</td>
      <td>{data.mark ?? ""}</td>
      <td>
        <TimetableCell slots={data.timetableSlots} />
      </td>
    </RegistrationRow>
  );
});
