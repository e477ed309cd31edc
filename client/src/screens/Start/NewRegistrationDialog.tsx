import { lazy, type ReactNode, useRef, useState, useTransition } from "react";
import { graphql, readInlineData, useQueryLoader } from "react-relay";
import { whenIdle } from "../../components/whenIdle";
import CompetitionCreateDialogQueryNode, { type CompetitionCreateDialogQuery } from "./__generated__/CompetitionCreateDialogQuery.graphql";
import DexamCreateDialogQueryNode, { type DexamCreateDialogQuery } from "./__generated__/DexamCreateDialogQuery.graphql";
import type { NewRegistrationDialog_event$key } from "./__generated__/NewRegistrationDialog_event.graphql";

// the forms are not in the first-screen bundle: their chunks load when the start page is
// idle (preloadRegistrationDialogs), so the first "Neue Anmeldung" does not wait for them
const loadDexamCreateDialog = () => import("./DexamCreateDialog");
const loadCompetitionCreateDialog = () => import("./CompetitionCreateDialog");
const DexamCreateDialog = lazy(() => loadDexamCreateDialog().then((m) => ({ default: m.DexamCreateDialog })));
const CompetitionCreateDialog = lazy(() => loadCompetitionCreateDialog().then((m) => ({ default: m.CompetitionCreateDialog })));

/** Data a pointer or the focus on "Neue Anmeldung" fetched ahead is used by a press within this time, else fetched anew. */
const PREPARED_FRESH_MS = 30_000;

/**
 * Fetches the chunks of both create dialogs once the browser is idle; the browser keeps them, so
 * `lazy` resolves at once later. Returns the cancel for an effect's clean-up.
 */
export function preloadRegistrationDialogs(): () => void {
  return whenIdle(() => {
    void loadDexamCreateDialog().catch(() => {});
    void loadCompetitionCreateDialog().catch(() => {});
  });
}

const eventFragment = graphql`
  fragment NewRegistrationDialog_event on Event @inline {
    id
    formType
  }
`;

/** D-exams and camps get the D-exam form, competitions the competition form. */
const usesDexamForm = (formType: string) => formType === "DEXAM" || formType === "DEXAM_CAMP";

type Target = { eventId: string; dexam: boolean };

/**
 * The create dialog of "Neue Anmeldung" (R-ST024..R-ST027): D-exams and camps get the D-exam form
 * "Neue D-Prüfungsanmeldung anlegen" (section "Prüfungsstücke", camps also the camp section);
 * competitions the competition form "Neue Wertungsspielanmeldung anlegen" (section "Vortragsstücke").
 *
 * Render as you fetch: `prepare` (a pointer over the button, or its focus) starts fetching the
 * dialog's data and code; `open` (the press) starts it unless it is under way or fresh, and shows
 * the dialog in a transition: the start page stays as it is, the button marked busy
 * (`openingEventId`), until form and data are there, then the dialog opens complete at once, with
 * no loading state in between. Each opening loads the data anew (fetch policy network-only).
 * `onClosed` runs when the dialog closes (saved or not): the overview loads its table again.
 */
export function useNewRegistrationDialog(onClosed?: () => void): {
  prepare: (event: NewRegistrationDialog_event$key) => void;
  open: (event: NewRegistrationDialog_event$key) => void;
  openingEventId: string | null;
  dialog: ReactNode;
} {
  const [dexamQuery, loadDexamQuery, disposeDexamQuery] = useQueryLoader<DexamCreateDialogQuery>(DexamCreateDialogQueryNode);
  const [competitionQuery, loadCompetitionQuery, disposeCompetitionQuery] = useQueryLoader<CompetitionCreateDialogQuery>(CompetitionCreateDialogQueryNode);
  // what was fetched last, and when (read in event handlers, not in rendering)
  const prepared = useRef<{ eventId: string; at: number } | null>(null);
  const [shown, setShown] = useState<Target | null>(null);
  const [requested, setRequested] = useState<string | null>(null);
  const [opening, startOpening] = useTransition();

  const fetchAhead = (event: NewRegistrationDialog_event$key): Target => {
    const { id, formType } = readInlineData(eventFragment, event);
    const dexam = usesDexamForm(formType);
    void (dexam ? loadDexamCreateDialog : loadCompetitionCreateDialog)().catch(() => {});
    const last = prepared.current;
    if (!last || last.eventId !== id || Date.now() - last.at > PREPARED_FRESH_MS) {
      prepared.current = { eventId: id, at: Date.now() };
      if (dexam) loadDexamQuery({ eventId: id }, { fetchPolicy: "network-only" });
      else loadCompetitionQuery({ eventId: id }, { fetchPolicy: "network-only" });
    }
    return { eventId: id, dexam };
  };

  const open = (event: NewRegistrationDialog_event$key) => {
    const target = fetchAhead(event);
    setRequested(target.eventId);
    startOpening(() => setShown(target));
  };

  const close = () => {
    setShown(null);
    prepared.current = null;
    disposeDexamQuery();
    disposeCompetitionQuery();
    onClosed?.();
  };

  let dialog: ReactNode = null;
  if (shown?.dexam && dexamQuery) dialog = <DexamCreateDialog query={dexamQuery} onClose={close} />;
  else if (shown && !shown.dexam && competitionQuery) dialog = <CompetitionCreateDialog query={competitionQuery} onClose={close} />;
  return { prepare: (event) => void fetchAhead(event), open, openingEventId: opening ? requested : null, dialog };
}
