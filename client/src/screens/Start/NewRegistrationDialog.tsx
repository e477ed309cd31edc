import { graphql, useFragment } from "react-relay";
import { CompetitionCreateDialog } from "../../competition/CompetitionCreateDialog";
import { DexamCreateDialog } from "../../dexam/DexamCreateDialog";
import type { NewRegistrationDialog_event$key } from "./__generated__/NewRegistrationDialog_event.graphql";

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
  if (data.formType === "DEXAM" || data.formType === "DEXAM_CAMP") return <DexamCreateDialog eventId={data.id} onClose={onClose} />;
  return <CompetitionCreateDialog eventId={data.id} onClose={onClose} />;
}
