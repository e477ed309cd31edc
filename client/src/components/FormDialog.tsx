import { Dialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from "react";
import { t } from "../i18n/translate";
import { Button } from "./Button";
import { ConfirmDialog } from "./ConfirmDialog";
import { classNames } from "./classNames";
import styles from "./Dialog.module.css";
import { FormDirtyContext } from "./formDirty";
import { Icon } from "./Icon";
import { useLeaveGuard } from "./leaveGuard";
import { useReturnFocus } from "./useReturnFocus";

/** Controls that mark themselves invalid: inputs, Ark select triggers and comboboxes, the upload button. */
const INVALID = '[aria-invalid="true"]:not([tabindex="-1"]):not(:disabled), [data-invalid="true"]:not(:disabled)';
const FOCUSABLE = "input:not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), [tabindex]:not([tabindex='-1'])";

/** The first control of `form` marked invalid (inside a marked group: the group's first control). */
function firstInvalidControl(form: HTMLFormElement): HTMLElement | null {
  for (const marked of form.querySelectorAll<HTMLElement>(INVALID)) {
    const target = marked.matches(FOCUSABLE) ? marked : firstTabbable(marked);
    if (target) return target;
  }
  return null;
}

/** The first control in `root` that Tab reaches (not the hidden inputs behind Ark UI's controls). */
function firstTabbable(root: HTMLElement | null): HTMLElement | null {
  for (const element of root?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []) {
    if (element.tabIndex >= 0 && !element.closest('[aria-hidden="true"]') && element.getClientRects().length > 0) return element;
  }
  return null;
}

/**
 * The one dialog shell of every form (spec §2 "Dialogs"): title with a close button ("Schließen")
 * and the action bar stay in view while the form scrolls between them (a camp registration on a
 * phone); "Abbrechen" and the accept button ("Speichern" unless named). Without `onSubmit` it is a
 * view-only dialog with "Schließen" only. Ark UI gives the behaviour: focus moves into the dialog
 * and stays there, focus returns to where it came from. Escape, the close button, "Abbrechen" and a
 * click beside the dialog all close it, but once something was entered they first ask
 * "Eingaben verwerfen?"; so do the browser's or Android's Back and any route change (leaveGuard.tsx). After sending, the first field with an error gets focus and scrolls into view.
 */
export function FormDialog({
  title,
  subtitle,
  onCancel,
  onSubmit,
  submitting = false,
  submitDisabled = false,
  acceptLabel = t("common.save"),
  wide = false,
  children,
}: {
  title: string;
  /** a line under the title, the dialog's description (a registration's event) */
  subtitle?: string;
  onCancel: () => void;
  /** missing: a view-only dialog ("Schließen" only) */
  onSubmit?: () => void;
  submitting?: boolean;
  submitDisabled?: boolean;
  acceptLabel?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus();
  const formRef = useRef<HTMLFormElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  // set by a submit: the next render that shows an invalid field moves focus there
  const focusError = useRef(false);
  const markDirty = useCallback(() => {
    setDirty(true);
  }, []);

  // Back and route changes ask the same question (one blocker for every form dialog: leaveGuard.tsx)
  useLeaveGuard(dirty && !!onSubmit && !submitting);

  const requestClose = () => {
    if (submitting) return;
    if (dirty && onSubmit) setAsking(true);
    else onCancel();
  };

  useLayoutEffect(() => {
    if (!focusError.current || !formRef.current) return;
    const target = firstInvalidControl(formRef.current);
    if (!target) return;
    focusError.current = false;
    target.scrollIntoView?.({ block: "center" });
    target.focus({ preventScroll: true });
  });

  return (
    <Dialog.Root
      open
      finalFocusEl={returnFocus}
      // focus starts in the first field, not on the title bar's close button
      initialFocusEl={() => firstTabbable(bodyRef.current)}
      onOpenChange={(details) => {
        if (!details.open) requestClose();
      }}
      // closing the snackbar (outside the dialog, above it) does not close the dialog
      onInteractOutside={(event) => {
        const target = event.detail.target;
        if (target instanceof Element && target.closest("[data-live-announcer]")) event.preventDefault();
      }}
    >
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={classNames(styles.positioner, styles.formPositioner)}>
          <Dialog.Content className={classNames(styles.content, styles.formContent, wide && styles.wide)}>
            <FormDirtyContext.Provider value={markDirty}>
              <form
                ref={formRef}
                className={styles.form}
                noValidate
                aria-busy={submitting || undefined}
                onInput={() => {
                  markDirty();
                  focusError.current = false;
                }}
                onChange={markDirty}
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!onSubmit || submitting || submitDisabled) return;
                  focusError.current = true;
                  onSubmit();
                }}
              >
                <div className={styles.header}>
                  <div className={styles.heading}>
                    <Dialog.Title className={styles.title}>{title}</Dialog.Title>
                    {subtitle && <Dialog.Description className={styles.subtitle}>{subtitle}</Dialog.Description>}
                  </div>
                  <button type="button" className={styles.closeButton} aria-label={t("dialog.close")} onClick={requestClose} disabled={submitting}>
                    <Icon name="close" />
                  </button>
                </div>
                <div ref={bodyRef} className={styles.body}>
                  {children}
                </div>
                <div className={styles.actions}>
                  {onSubmit ? (
                    <>
                      <Button variant="text" onClick={requestClose} disabled={submitting}>
                        {t("common.cancel")}
                      </Button>
                      <Button type="submit" disabled={submitting || submitDisabled}>
                        {acceptLabel}
                      </Button>
                    </>
                  ) : (
                    <Button onClick={onCancel}>{t("common.close")}</Button>
                  )}
                </div>
              </form>
            </FormDirtyContext.Provider>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
      {asking && (
        <ConfirmDialog
          title={t("dialog.discardTitle")}
          text={t("dialog.discardText")}
          confirmLabel={t("dialog.discard")}
          cancelLabel={t("dialog.keepEditing")}
          onConfirm={onCancel}
          onCancel={() => setAsking(false)}
        />
      )}
    </Dialog.Root>
  );
}
