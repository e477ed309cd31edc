import { useRef } from "react";
import { t } from "../i18n/translate";
import { ConfirmDialog } from "./ConfirmDialog";

/**
 * The question before a management screen deletes a record (R-ER036, R-ER037): it names the
 * object ("den Kreisverband „Musterstadt“") and, where deleting takes more with it or is refused,
 * the consequence. One text for every screen: `deleteConfirmText`.
 */
export function deleteConfirmText(object: string, name: string, consequence?: string): string {
  const question = t("dialog.confirmDelete", { object, name });
  return consequence ? `${question} ${consequence}` : question;
}

/**
 * The confirm dialog of a row's "Löschen": asks `deleteConfirmText`, runs `onDelete` and, once
 * the record is gone (its row and row menu with it), puts the focus on the screen's heading
 * instead of letting it fall to the page's body; a refused delete returns it to the row menu.
 */
export function DeleteConfirmDialog({
  object,
  name,
  consequence,
  busy,
  onDelete,
  onCancel,
  onDeleted,
}: {
  /** the object with its article, e.g. t("districtAssociation.deleteObject"): "den Kreisverband" */
  object: string;
  /** the record's name as the table shows it */
  name: string;
  consequence?: string;
  busy: boolean;
  onDelete: () => Promise<{ ok: boolean }>;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const deleted = useRef(false);
  return (
    <ConfirmDialog
      text={deleteConfirmText(object, name, consequence)}
      busy={busy}
      onCancel={onCancel}
      finalFocus={() => (deleted.current ? screenHeading() : undefined)}
      onConfirm={async () => {
        const result = await onDelete();
        if (!result.ok) return onCancel();
        deleted.current = true;
        onDeleted();
      }}
    />
  );
}

/** The current screen's heading (Page's h1, focusable by script). */
function screenHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>("main h1");
}
