import { lazy, Suspense } from "react";
import { graphql, useFragment } from "react-relay";
import { PageLoading } from "../../components/PageLoading";
import type { NewRegistrationDialog_event$key } from "./__generated__/NewRegistrationDialog_event.graphql";

// the forms load with the first "Neue Anmeldung", not with the start page (first-screen bundle, issue 9)
const DexamCreateDialog = lazy(() => import("../../dexam/DexamCreateDialog").then((m) => ({ default: m.DexamCreateDialog })));
const CompetitionCreateDialog = lazy(() => import("../../competition/CompetitionCreateDialog").then((m) => ({ default: m.CompetitionCreateDialog })));

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
