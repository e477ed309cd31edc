import { graphql, type PreloadedQuery } from "react-relay";
import { CompetitionFormFields } from "../../competition/CompetitionFormFields";
import { competitionInput, emptyCompetitionForm, validateCompetitionForm } from "../../competition/competitionForm";
import { useCompetitionEvent } from "../../competition/useCompetitionEvent";
import { useCompetitionForm } from "../../competition/useCompetitionForm";
import { t } from "../../i18n/translate";
import { type CreateFormProps, RegistrationCreateDialog, RegistrationFormDialog } from "../../registration/RegistrationDialog";
import type { CompetitionCreateDialogQuery } from "./__generated__/CompetitionCreateDialogQuery.graphql";
import { useCreateCompetitionRegistration } from "./useCreateCompetitionRegistration";

const CREATE_QUERY = graphql`
  query CompetitionCreateDialogQuery($eventId: ID!) {
    viewer { ...RegistrationDialog_viewer }
    node(id: $eventId) { ... on Event @alias(as: "event") { ...RegistrationDialog_event ...useCompetitionEvent_event } }
  }
`;

/**
 * "Neue Wertungsspielanmeldung anlegen" (R-ST024, R-ST027) for competition events: loads the
 * event's competition locations and the viewer's clubs, checks the form in the browser with the
 * server's rules (focus on the first invalid field), and sends it with "Absenden" (the shell:
 * RegistrationCreateDialog).
 */
export function CompetitionCreateDialog({ query, onClose }: { query: PreloadedQuery<CompetitionCreateDialogQuery>; onClose: () => void }) {
  return <RegistrationCreateDialog queryNode={CREATE_QUERY} query={query} onClose={onClose} form={CompetitionCreateForm} />;
}

function CompetitionCreateForm({ eventId, event, ownClubs, districtClubsOf, dialog }: CreateFormProps<CompetitionCreateDialogQuery>) {
  const facts = useCompetitionEvent(event);
  const form = useCompetitionForm(() => emptyCompetitionForm(ownClubs.map((c) => c.value)));
  const [create, creating] = useCreateCompetitionRegistration();
  return (
    <RegistrationFormDialog
      {...dialog}
      title={t("start.dialog.competitionTitle")}
      form={form}
      validate={(values) => validateCompetitionForm(values, { mode: "create", event: facts })}
      save={(values) => create({ eventId, input: competitionInput(values, { mode: "create" }) }, { required: ["eventId"] })}
      saving={creating}
    >
      <CompetitionFormFields mode="create" event={facts} form={form} ownClubs={ownClubs} districtClubsOf={districtClubsOf} />
    </RegistrationFormDialog>
  );
}
