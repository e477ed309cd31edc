import { Dialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import type { ReactNode } from "react";
import { t } from "../i18n/translate";
import { Button } from "./Button";
import { classNames } from "./classNames";
import styles from "./Dialog.module.css";
import { useReturnFocus } from "./useReturnFocus";

/**
 * The generic create/edit dialog (spec §2 "Dialogs"): a modal form with "Abbrechen" and the accept
 * button "Speichern". Ark UI gives the behaviour: focus moves into the dialog and stays there,
 * Escape cancels, focus returns to where it came from. Clicking outside does not discard input.
 */
export function FormDialog({
  title,
  onCancel,
  onSubmit,
  submitting = false,
  submitDisabled = false,
  acceptLabel = t("common.save"),
  wide = false,
  children,
}: {
  title: string;
  onCancel: () => void;
  onSubmit: () => void;
  submitting?: boolean;
  submitDisabled?: boolean;
  acceptLabel?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root
      open
      finalFocusEl={returnFocus}
      onOpenChange={(details) => {
        if (!details.open && !submitting) onCancel();
      }}
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content className={classNames(styles.content, wide && styles.wide)}>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (!submitting && !submitDisabled) onSubmit();
              }}
            >
              <Dialog.Title className={styles.title}>{title}</Dialog.Title>
              <div className={styles.body}>{children}</div>
              <div className={styles.actions}>
                <Button variant="text" onClick={onCancel} disabled={submitting}>
                  {t("common.cancel")}
                </Button>
                <Button type="submit" disabled={submitting || submitDisabled}>
                  {acceptLabel}
                </Button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
