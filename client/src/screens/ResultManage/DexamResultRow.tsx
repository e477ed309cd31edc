import { graphql, useFragment } from "react-relay";
import { RowMenu } from "../../components/RowMenu";
import { t } from "../../i18n/translate";
import type { DexamResultRow_result$data, DexamResultRow_result$key } from "./__generated__/DexamResultRow_result.graphql";
import { courseLabel, gradeText, instrumentLabel, resultParts } from "./display";
import { formatPoints } from "./points";
import styles from "./ResultManage.module.css";
import { type ChosenLocation, DEXAM_RESULT_ACTION_LABELS, type DexamResultAction, dexamResultActions } from "./rowActions";
import { TheoryPointsInput } from "./TheoryPointsInput";
import { mayEnterTheoryInline, showsTheoryColumn } from "./theoryInline";

export type DexamResultRowData = DexamResultRow_result$data;

/**
 * One D-exam registration (R-RE005): ID, first name, last name, club, instrument, course and the
 * result (theory and practice points with two decimals, the grade); cancelled rows are greyed.
 * The row menu offers what dexamResultActions allows for the chosen location. At a theory location
 * results_manage also gets the "Theoriepunkte" column: an input where the row may get theory
 * points (TheoryPointsInput), the points as text elsewhere.
 */
export function DexamResultRow({
  result,
  roles,
  location,
  onAction,
}: {
  result: DexamResultRow_result$key;
  roles: readonly string[];
  location: (ChosenLocation & { id: string }) | null;
  onAction: (action: DexamResultAction, row: DexamResultRowData) => void;
}) {
  const row = useFragment(
    graphql`
      fragment DexamResultRow_result on DexamResult {
        id
        registrationId
        databaseId
        firstname
        lastname
        associationName
        instrument
        type
        theoryLocationId
        practiceLocationId
        theoryPoints
        practicePoints
        partialResultType
        existingPartialResultVerified
        grade
        hasPracticeSheet
        cancelledAt
        version
      }
    `,
    result,
  );
  const name = `${row.firstname} ${row.lastname}`;
  const grade = gradeText(row.grade);
  const actions = dexamResultActions(roles, location, row);
  return (
    <tr className={row.cancelledAt ? styles.cancelled : undefined} data-cancelled={row.cancelledAt ? "true" : undefined}>
      <td>{row.databaseId}</td>
      <td>{row.firstname}</td>
      <td>{row.lastname}</td>
      <td>{row.associationName}</td>
      <td>{instrumentLabel(row.instrument)}</td>
      <td>{courseLabel(row.type)}</td>
      <td>
        <span className={styles.result}>
          {row.cancelledAt && <span className={styles.badge}>{t("results.cancelled")}</span>}
          {resultParts(row).map((part) => (
            <span key={part}>{part}</span>
          ))}
          {grade && <span className={row.grade === "PASSED" ? styles.passed : styles.failed}>{grade}</span>}
        </span>
      </td>
      {location && showsTheoryColumn(roles, location) && (
        <td>{mayEnterTheoryInline(roles, location, row) ? <TheoryPointsInput row={row} location={location} /> : formatPoints(row.theoryPoints)}</td>
      )}
      <td>
        <RowMenu
          label={t("rowMenu.label", { name })}
          items={actions.map((action) => ({ value: action, label: t(DEXAM_RESULT_ACTION_LABELS[action]), danger: action === "delete" }))}
          onSelect={(action) => onAction(action, row)}
        />
      </td>
    </tr>
  );
}
