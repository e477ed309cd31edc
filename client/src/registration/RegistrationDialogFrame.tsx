import { Dialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import type { ReactNode } from "react";
import { Button } from "../components/Button";
import { classNames } from "../components/classNames";
import dialogStyles from "../components/Dialog.module.css";
import { useReturnFocus } from "../components/useReturnFocus";
import { t } from "../i18n/translate";

/**
 * The modal of the registration forms (D-exam, competition): like FormDialog ("Abbrechen" and the accept button; Escape cancels,
 * outside clicks do not discard input), but without `onSubmit` it is a read-only view with
 * "Schließen" only (edit scope NONE). While sending, both buttons are disabled.
 */
export function RegistrationDialogFrame({
  title,
  onClose,
  onSubmit,
  submitting = false,
  acceptLabel,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit?: () => void;
  submitting?: boolean;
  acceptLabel?: string;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root
      open
      finalFocusEl={returnFocus}
      onOpenChange={(details) => {
        if (!details.open && !submitting) onClose();
      }}
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop className={dialogStyles.backdrop} />
        <Dialog.Positioner className={dialogStyles.positioner}>
          <Dialog.Content className={classNames(dialogStyles.content, dialogStyles.wide)}>
            <form
              noValidate
              aria-busy={submitting || undefined}
              onSubmit={(event) => {
                event.preventDefault();
                if (onSubmit && !submitting) onSubmit();
              }}
            >
              <Dialog.Title className={dialogStyles.title}>{title}</Dialog.Title>
              <div className={dialogStyles.body}>{children}</div>
              <div className={dialogStyles.actions}>
                {onSubmit ? (
                  <>
                    <Button variant="text" onClick={onClose} disabled={submitting}>
                      {t("common.cancel")}
                    </Button>
                    <Button type="submit" disabled={submitting}>
                      {acceptLabel ?? t("common.save")}
                    </Button>
                  </>
                ) : (
                  <Button onClick={onClose}>{t("common.close")}</Button>
                )}
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
