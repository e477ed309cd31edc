import { useState } from "react";
import { t } from "../i18n/translate";
import { Button } from "./Button";
import { DeleteConfirmDialog } from "./DeleteConfirmDialog";
import { Icon } from "./Icon";

/**
 * The dialogs of a management screen: at most one open (`dialog`, its kind and record); `close`
 * after "Abbrechen", `saved` after a write (closes and loads the list again).
 */
export function useManageDialogs<D extends { kind: string }>(refresh: () => void) {
  const [dialog, setDialog] = useState<D | null>(null);
  const close = () => setDialog(null);
  const saved = () => {
    setDialog(null);
    refresh();
  };
  return { dialog, setDialog, close, saved };
}

/** The toolbar's "Neuer …" button of a management screen. */
export function CreateButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Icon name="plus" />
      {label}
    </Button>
  );
}

/** The records a management screen deletes, by the prefix of their texts ("event.deleteObject", "event.deleteConsequence"). */
type Deletable = "event" | "location" | "association" | "user" | "districtAssociation" | "webhook";

/**
 * A row's "Löschen" on a management screen (DeleteConfirmDialog): names the record (`target`) with
 * its object and consequence texts, and runs the screen's delete mutation (`mutation`, the
 * useDelete… hook's run and in-flight flag).
 */
export function DeleteRecordDialog({
  entity,
  target,
  mutation: [remove, busy],
  onCancel,
  onDeleted,
}: {
  entity: Deletable;
  target: { id: string; name: string };
  mutation: readonly [(variables: { id: string }) => Promise<{ ok: boolean }>, boolean];
  onCancel: () => void;
  onDeleted: () => void;
}) {
  return (
    <DeleteConfirmDialog
      object={t(`${entity}.deleteObject`)}
      name={target.name}
      consequence={t(`${entity}.deleteConsequence`)}
      busy={busy}
      onCancel={onCancel}
      onDelete={() => remove({ id: target.id })}
      onDeleted={onDeleted}
    />
  );
}
