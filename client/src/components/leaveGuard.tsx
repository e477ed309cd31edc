import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef } from "react";
import { useBlocker } from "react-router-dom";
import { t } from "../i18n/translate";
import { ConfirmDialog } from "./ConfirmDialog";

/** Registers one guard while it is active; answers the function that removes it. */
type Register = () => () => void;

const LeaveGuardContext = createContext<Register | null>(null);

/**
 * Leaving a form with entries (spec §2 "Dialogs"): the browser's or Android's
 * Back, a link or any other route change while a form dialog holds input asks "Eingaben verwerfen?"
 * first, as the dialog's close button and Escape do. "Weiter bearbeiten" stays on the page with the
 * draft; "Verwerfen" goes on. One provider inside the hash data router (App.tsx) holds the router's
 * one blocker for every form dialog (react-router's useBlocker needs a data router); closing or
 * reloading the tab asks the browser's own question (beforeunload).
 */
export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const active = useRef(0);
  const register = useCallback<Register>(() => {
    active.current += 1;
    return () => {
      active.current -= 1;
    };
  }, []);
  // Back/Forward, or another screen; the screens' own query updates (search, sort, chosen event) pass
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) => active.current > 0 && (historyAction === "POP" || currentLocation.pathname !== nextLocation.pathname),
  );
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (active.current > 0) event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);
  return (
    <LeaveGuardContext.Provider value={register}>
      {children}
      {blocker.state === "blocked" && (
        <ConfirmDialog
          title={t("dialog.discardTitle")}
          text={t("dialog.discardText")}
          confirmLabel={t("dialog.discard")}
          cancelLabel={t("dialog.keepEditing")}
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
        />
      )}
    </LeaveGuardContext.Provider>
  );
}

/** While `active` (a form dialog with entries), leaving the page asks first; a no-op outside the provider (component tests). */
export function useLeaveGuard(active: boolean): void {
  const register = useContext(LeaveGuardContext);
  useEffect(() => (active && register ? register() : undefined), [active, register]);
}
