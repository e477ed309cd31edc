import { lazy, Suspense } from "react";
import { graphql, useFragment } from "react-relay";
import { PageLoading } from "../../components/PageLoading";
import type { NewRegistrationDialog_event$key } from "./__generated__/NewRegistrationDialog_event.graphql";

// the forms are not in the first-screen bundle (issue 9): their chunks load when the start page is
// idle (preloadRegistrationDialogs), so the first "Neue Anmeldung" does not wait for them
const loadDexamCreateDialog = () => import("./DexamCreateDialog");
const loadCompetitionCreateDialog = () => import("./CompetitionCreateDialog");
const DexamCreateDialog = lazy(() => loadDexamCreateDialog().then((m) => ({ default: m.DexamCreateDialog })));
const CompetitionCreateDialog = lazy(() => loadCompetitionCreateDialog().then((m) => ({ default: m.CompetitionCreateDialog })));

/**
 * Fetches the chunks of both create dialogs once the browser is idle (a timer where
 * requestIdleCallback is missing, e.g. Safari); the browser keeps them, so `lazy` resolves at once
 * later. Returns the cancel for an effect's clean-up.
 */
export function preloadRegistrationDialogs(): () => void {
  const load = () => {
    void loadDexamCreateDialog().catch(() => {});
    void loadCompetitionCreateDialog().catch(() => {});
  };
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(load, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(load, 1000);
  return () => window.clearTimeout(timer);
}

/**
 * The create dialog of "Neue Anmeldung" (R-ST024..R-ST027): D-exams and camps get the D-exam form
 * "Neue D-Prüfungsanmeldung anlegen" (section "Prüfungsstücke", camps also the camp section);
 * competitions the competition form "Neue Wertungsspielanmeldung anlegen" (section "Vortragsstücke").
 */
export function NewRegistrationDialog({ event, onClose }: { event: NewRegistrationDialog_event$key; onClose: () => void }) {
  const data = useFragment(
    graphql`
      fragment NewRegistrationDialog_event on Event {
        id
        formType
      }
    `,
    event,
  );
  return (
    <Suspense fallback={<PageLoading />}>
      {data.formType === "DEXAM" || data.formType === "DEXAM_CAMP" ? (
        <DexamCreateDialog eventId={data.id} onClose={onClose} />
      ) : (
        <CompetitionCreateDialog eventId={data.id} onClose={onClose} />
      )}
    </Suspense>
  );
}
