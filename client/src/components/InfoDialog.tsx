import { Dialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import type { ReactNode } from "react";
import { t } from "../i18n/translate";
import { Button } from "./Button";
import { classNames } from "./classNames";
import styles from "./Dialog.module.css";
import { useReturnFocus } from "./useReturnFocus";

/**
 * The info dialog (spec §2 "Dialogs"): a message with the button "Schließen"; Escape and outside
 * clicks close it too, unless `closeOnOutside` is false (a message that must not be lost by accident).
 */
export function InfoDialog({
  title = t("dialog.infoTitle"),
  children,
  onClose,
  className,
  closeOnOutside = true,
}: {
  title?: string;
  children: ReactNode;
  onClose: () => void;
  /** Extra class of the dialog box (e.g. its width). */
  className?: string;
  closeOnOutside?: boolean;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root
      open
      finalFocusEl={returnFocus}
      closeOnInteractOutside={closeOnOutside}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      // closing the snackbar (outside the dialog, above it) does not close the dialog
      onInteractOutside={(event) => {
        const target = event.detail.target;
        if (target instanceof Element && target.closest("[data-live-announcer]")) event.preventDefault();
      }}
    >
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content className={classNames(styles.content, className)}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Description asChild>
              <div className={styles.description}>{children}</div>
            </Dialog.Description>
            <div className={styles.actions}>
              <Button onClick={onClose}>{t("common.close")}</Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
