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
}: {
  text: string;
  title?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const returnFocus = useReturnFocus();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open
      finalFocusEl={returnFocus}
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
                {t("common.cancel")}
              </Button>
              <Button onClick={onConfirm} disabled={busy}>
                {t("common.ok")}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
