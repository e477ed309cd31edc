import { INSTRUMENT_LABELS } from "@shared/labels";
import { graphql, useFragment } from "react-relay";
import { classNames } from "../../components/classNames";
import { RowMenu } from "../../components/RowMenu";
import { t } from "../../i18n/translate";
import { cancelledText, formatPoints, gradeText, hasUnverifiedPartialResult, songsText } from "../../overview/display";
import { DEXAM_ACTION_LABELS, type DexamRowAction, dexamRowActions } from "../../overview/rowActions";
import type { DexamRow_registration$data, DexamRow_registration$key } from "./__generated__/DexamRow_registration.graphql";
import styles from "./DexamRow.module.css";
import { SymbolIcon } from "./SymbolIcon";

export type DexamRowData = DexamRow_registration$data;

/**
 * One D-exam registration (R-RO007, R-RO008): ID, names, club, instrument, course, songs status,
 * theory and practice points, grade; the row menu from the server's viewerCan (R-RO010); a
 * cancelled row greyed with its cancel symbol (R-RO011, R-RO012) and an unverified partial result
 * with a warning symbol (R-RO033).
 */
export function DexamRow({
  registration,
  onAction,
}: {
  registration: DexamRow_registration$key;
  onAction: (action: DexamRowAction, row: DexamRowData) => void;
}) {
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
        partialResultType
        partialResultPoints
        existingPartialResultVerified
        viewerCan {
          edit
          delete
          cancel
          takeOver
          downloadPracticeSheet
          downloadConsentForm
        }
      }
    `,
    registration,
  );
  const name = `${data.firstname} ${data.lastname}`;
  const cancelled = Boolean(data.cancelledAt);
  const unverified = hasUnverifiedPartialResult(data);
  return (
    <tr className={cancelled ? styles.cancelled : undefined} data-cancelled={cancelled || undefined}>
      <td>{data.databaseId}</td>
      <td>{data.firstname}</td>
      <td>{data.lastname}</td>
      <td>{data.association.name}</td>
      <td>{INSTRUMENT_LABELS[data.instrument as keyof typeof INSTRUMENT_LABELS] ?? data.instrument}</td>
      <td>{data.type}</td>
      <td>
        <span className={classNames(styles.status, data.songsComplete ? styles.complete : styles.missing)}>
          <SymbolIcon name={data.songsComplete ? "complete" : "missing"} />
          {songsText(data.songsComplete)}
        </span>
      </td>
      <td className={styles.number}>{formatPoints(data.theoryPoints)}</td>
      <td className={styles.number}>{formatPoints(data.practicePoints)}</td>
      <td className={styles.nowrap}>{gradeText(data.grade)}</td>
      <td>
        <RowMenu
          label={t("rowMenu.label", { name })}
          items={dexamRowActions(data.viewerCan).map((action) => ({
            value: action,
            label: t(DEXAM_ACTION_LABELS[action]),
            danger: action === "delete" || action === "cancel",
          }))}
          onSelect={(action) => onAction(action, data)}
        />
      </td>
      <td>
        <span className={styles.symbols}>
          {data.cancelledAt && <RowSymbol name="cancelled" className={styles.cancelSymbol} text={cancelledText(data.cancelledAt)} />}
          {unverified && <RowSymbol name="warning" className={styles.warningSymbol} text={t("overview.partialResultUnverified")} />}
        </span>
      </td>
    </tr>
  );
}

/** A symbol with its text as accessible name and tooltip (as the blocked symbol of the user table). */
function RowSymbol({ name, className, text }: { name: "cancelled" | "warning"; className: string; text: string }) {
  return (
    <span className={classNames(styles.symbol, className)} role="img" aria-label={text} title={text}>
      <SymbolIcon name={name} />
    </span>
  );
}
