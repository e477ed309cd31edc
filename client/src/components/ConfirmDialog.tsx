import { Dialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import { useRef } from "react";
import { t } from "../i18n/translate";
import { Button } from "./Button";
import styles from "./Dialog.module.css";
import { useReturnFocus } from "./useReturnFocus";

/**
 * The confirm dialog (spec §2 "Dialogs": "Abbrechen" / "OK"), asked before every deletion
 * (R-ER036). An alert dialog: the text is its description, focus starts on "Abbrechen" (the safe
 * choice), stays inside, Escape cancels and focus returns to where it came from.
 */
export function ConfirmDialog({
  text,
  title = t("dialog.confirmTitle"),
  onConfirm,
  onCancel,
  busy = false,
  confirmLabel = t("common.ok"),
  cancelLabel = t("common.cancel"),
  finalFocus,
}: {
  text: string;
  title?: string;
  /** the buttons' names when "OK"/"Abbrechen" would be vague (e.g. "Verwerfen"/"Weiter bearbeiten") */
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** where focus goes on closing instead of back to the opener; `undefined` keeps the default */
  finalFocus?: () => HTMLElement | null | undefined;
}) {
  const returnFocus = useReturnFocus();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open
      finalFocusEl={() => finalFocus?.() ?? returnFocus()}
      role="alertdialog"
      initialFocusEl={() => cancelRef.current}
      onOpenChange={(details) => {
        if (!details.open && !busy) onCancel();
      }}
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content className={styles.content}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Description className={styles.description}>{text}</Dialog.Description>
            <div className={styles.actions}>
              <Button ref={cancelRef} variant="text" onClick={onCancel} disabled={busy}>
                {cancelLabel}
              </Button>
              <Button onClick={onConfirm} disabled={busy}>
                {confirmLabel}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
