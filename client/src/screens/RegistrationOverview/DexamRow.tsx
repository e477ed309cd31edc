import { INSTRUMENT_LABELS } from "@shared/labels";
import { memo } from "react";
import { graphql, useFragment } from "react-relay";
import { t } from "../../i18n/translate";
import { TimetableCell } from "../../registration/TimetableSlots";
import type { DexamRow_registration$data, DexamRow_registration$key } from "./__generated__/DexamRow_registration.graphql";
import { formatPoints, gradeText, hasUnverifiedPartialResult } from "./display";
import styles from "./OverviewRow.module.css";
import { DEXAM_ACTION_LABELS, type DexamRowAction, dexamRowActions } from "./rowActions";
import { RegistrationRow, type RowProps, RowSymbol, StatusCell } from "./rowParts";

export type DexamRowData = DexamRow_registration$data;

/**
 * One D-exam registration (R-RO007, R-RO008): ID, names, club, instrument, course, songs status,
 * theory and practice points, grade; the row menu from the server's viewerCan (R-RO010); a
 * cancelled row greyed with its cancel symbol (R-RO011, R-RO012) and an unverified partial result
 * with a warning symbol (R-RO033).
 */
export const DexamRow = memo(function DexamRow({ registration, onAction }: RowProps<DexamRow_registration$key, DexamRowAction, DexamRowData>) {
  const data = useFragment(
    graphql`
      fragment DexamRow_registration on DexamRegistration {
        id
        databaseId
        firstname
        lastname
        association {
          name
        }
        instrument
        type
        songsComplete
        theoryPoints
        practicePoints
        grade
        cancelledAt
        timetableSlots {
          ...TimetableSlots_slots
        }
        partialResultType
        partialResultPoints
        existingPartialResultVerified
        viewerCan {
          history
          edit
          delete
          cancel
          takeOver
          downloadPracticeSheet
          downloadConsentForm
          eraseCampData
        }
      }
    `,
    registration,
  );
  return (
    <RegistrationRow
      cancelledAt={data.cancelledAt}
      name={dexamName(data)}
      actions={dexamRowActions(data.viewerCan, !!data.cancelledAt)}
      labels={DEXAM_ACTION_LABELS}
      onSelect={(action) => onAction(action, data)}
      symbols={hasUnverifiedPartialResult(data) && <RowSymbol name="warning" className={styles.warningSymbol} text={t("overview.partialResultUnverified")} />}
    >
      <td>{data.databaseId}</td>
      <td>{data.firstname}</td>
      <td>{data.lastname}</td>
      <td>{data.association.name}</td>
      <td>{INSTRUMENT_LABELS[data.instrument as keyof typeof INSTRUMENT_LABELS] ?? data.instrument}</td>
      <td>{data.type}</td>
      <td>
        <StatusCell complete={data.songsComplete} />
      </td>
      <td className={styles.number}>{formatPoints(data.theoryPoints)}</td>
      <td className={styles.number}>{formatPoints(data.practicePoints)}</td>
      <td className={styles.nowrap}>{gradeText(data.grade)}</td>
      <td>
        <TimetableCell slots={data.timetableSlots} />
      </td>
    </RegistrationRow>
  );
});

/** The name a D-exam row's menu and confirmations speak of. */
export const dexamName = (row: { readonly firstname: string; readonly lastname: string }) => `${row.firstname} ${row.lastname}`;
