import type { ReactNode } from "react";
import { classNames } from "../../components/classNames";
import { RowMenu } from "../../components/RowMenu";
import type { MessageKey } from "../../i18n/de";
import { t } from "../../i18n/translate";
import { cancelledText, statusText } from "./display";
import styles from "./OverviewRow.module.css";
import { SymbolIcon } from "./SymbolIcon";

/**
 * The cells both overview tables (D-exam, competition) share: a status ("vollständig" / "fehlen"
 * with its symbol), the row menu built from the server's viewerCan, and the row symbols with their
 * text as accessible name and tooltip ("Storniert am {date} Uhr", R-RO011..R-RO013).
 */

/** The props of a registration row: greyed and marked when cancelled (R-RO011). */
export function rowProps(cancelledAt: string | null | undefined) {
  const cancelled = Boolean(cancelledAt);
  return { className: cancelled ? styles.cancelled : undefined, "data-cancelled": cancelled || undefined };
}

/** What a kind's row component takes: its fragment reference and the list's stable handler of the menu entries. */
export interface RowProps<K, A, Row> {
  registration: K;
  onAction: (action: A, row: Row) => void;
}

/**
 * One registration row of either kind: the kind's cells (`children`), the row menu "Aktionen für
 * {name}" with `actions` (from the server's viewerCan), and the symbols: the cancel symbol of a
 * cancelled row (greyed, R-RO011..R-RO013) and the kind's own (`symbols`).
 */
export function RegistrationRow<A extends string>({
  cancelledAt,
  name,
  actions,
  labels,
  onSelect,
  symbols,
  children,
}: {
  cancelledAt: string | null | undefined;
  name: string;
  actions: readonly A[];
  labels: Record<A, MessageKey>;
  onSelect: (action: A) => void;
  symbols?: ReactNode;
  children: ReactNode;
}) {
  return (
    <tr {...rowProps(cancelledAt)}>
      {children}
      <td>
        <RegistrationRowMenu name={name} actions={actions} labels={labels} onSelect={onSelect} />
      </td>
      <td>
        <span className={styles.symbols}>
          {cancelledAt && <CancelledSymbol cancelledAt={cancelledAt} />}
          {symbols}
        </span>
      </td>
    </tr>
  );
}

/** A status column (songs, documents): symbol and text, green or orange. */
export function StatusCell({ complete }: { complete: boolean }) {
  return (
    <span className={classNames(styles.status, complete ? styles.complete : styles.missing)}>
      <SymbolIcon name={complete ? "complete" : "missing"} />
      {statusText(complete)}
    </span>
  );
}

/** The row menu "Aktionen für {name}": the actions in the server's order, cancel and delete marked as dangerous. */
export function RegistrationRowMenu<A extends string>({
  name,
  actions,
  labels,
  onSelect,
}: {
  name: string;
  actions: readonly A[];
  labels: Record<A, MessageKey>;
  onSelect: (action: A) => void;
}) {
  return (
    <RowMenu
      label={t("rowMenu.label", { name })}
      items={actions.map((action) => ({ value: action, label: t(labels[action]), danger: action === "delete" || action === "cancel" }))}
      onSelect={onSelect}
    />
  );
}

/** A symbol with its text as accessible name and tooltip (as the blocked symbol of the user table). */
export function RowSymbol({ name, className, text }: { name: "cancelled" | "warning"; className: string; text: string }) {
  return (
    <span className={classNames(styles.symbol, className)} role="img" aria-label={text} title={text}>
      <SymbolIcon name={name} />
    </span>
  );
}

/**
 * The cancel symbol of a cancelled registration: "Storniert am 03.11.2026 14:05 Uhr". A phone has no
 * hover for the tooltip, so there the text stands beside the symbol (hidden from assistive
 * technology, which reads the symbol's name).
 */
export function CancelledSymbol({ cancelledAt }: { cancelledAt: string }) {
  const text = cancelledText(cancelledAt);
  return (
    <>
      <RowSymbol name="cancelled" className={styles.cancelSymbol} text={text} />
      <span className={styles.phoneText} aria-hidden="true">
        {text}
      </span>
    </>
  );
}
