import { useEffect, useMemo } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import { CompetitionFormFields } from "../../competition/CompetitionFormFields";
import { competitionInput, emptyCompetitionForm, validateCompetitionForm } from "../../competition/competitionForm";
import { useCompetitionEvent } from "../../competition/useCompetitionEvent";
import { useCompetitionForm } from "../../competition/useCompetitionForm";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { FormDialog } from "../../components/FormDialog";
import { LoadFailure } from "../../components/LoadFailure";
import { hasErrors } from "../../forms/fieldErrors";
import { t } from "../../i18n/translate";
import { choosesDistrictClubs, clubOptions, formErrorsOf } from "../../registration/formValues";
import type { CompetitionCreateDialogQuery, CompetitionCreateDialogQuery$data } from "./__generated__/CompetitionCreateDialogQuery.graphql";
import { registrationDialogSubtitle } from "./startCards";
import { useCreateCompetitionRegistration } from "./useCreateCompetitionRegistration";

/**
 * "Neue Wertungsspielanmeldung anlegen" (R-ST024, R-ST027) for competition events: loads the
 * event's competition locations and the viewer's clubs, checks the form in the browser with the
 * server's rules (focus on the first invalid field), and sends it with "Absenden". The opener loads
 * `query` (useNewRegistrationDialog) and shows the dialog in a transition: there is no Suspense
 * boundary here, so the opener's screen stays until code and data are there and the form opens
 * complete.
 */
export function CompetitionCreateDialog({ query, onClose }: { query: PreloadedQuery<CompetitionCreateDialogQuery>; onClose: () => void }) {
  return (
    <ErrorBoundary fallback={(error) => <LoadFailure prefix="error.event.load" error={error} onDismiss={onClose} />}>
      <CompetitionCreateLoader query={query} onClose={onClose} />
    </ErrorBoundary>
  );
}

function CompetitionCreateLoader({ query, onClose }: { query: PreloadedQuery<CompetitionCreateDialogQuery>; onClose: () => void }) {
  const data = usePreloadedQuery<CompetitionCreateDialogQuery>(
    graphql`
      query CompetitionCreateDialogQuery($eventId: ID!) {
        viewer {
          roles
          districtAssociationId
          associations {
            id
            name
          }
        }
        node(id: $eventId) {
          ... on Event @alias(as: "event") {
            districtAssociationId
            name
            formType
            ...useCompetitionEvent_event
          }
        }
      }
    `,
    query,
  );
  const eventId = query.variables.eventId;
  const event = data.node?.event ?? null;
  useEffect(() => {
    // gone meanwhile: nothing to register for
    if (!event) onClose();
  }, [event, onClose]);
  if (!event) return null;
  return <CompetitionCreateForm eventId={eventId} event={event} viewer={data.viewer} onClose={onClose} />;
}

type LoadedEvent = NonNullable<NonNullable<CompetitionCreateDialogQuery$data["node"]>["event"]>;

function CompetitionCreateForm({
  eventId,
  event,
  viewer,
  onClose,
}: {
  eventId: string;
  event: LoadedEvent;
  viewer: CompetitionCreateDialogQuery$data["viewer"];
  onClose: () => void;
}) {
  const facts = useCompetitionEvent(event);
  const ownClubs = useMemo(() => clubOptions(viewer.associations), [viewer.associations]);
  const form = useCompetitionForm(() => emptyCompetitionForm(ownClubs.map((c) => c.value)));
  const [create, creating] = useCreateCompetitionRegistration();
  const districtClubsOf = choosesDistrictClubs(viewer, event) ? event.districtAssociationId : null;

  const submit = async () => {
    const found = validateCompetitionForm(form.values, { mode: "create", event: facts });
    form.showErrors(found);
    if (hasErrors(found)) return;
    const result = await create({ eventId, input: competitionInput(form.values, { mode: "create" }) }, { required: ["eventId"] });
    if (result.ok) onClose();
    else form.showErrors(formErrorsOf(result.fieldErrors));
  };

  return (
    <FormDialog
      title={t("start.dialog.competitionTitle")}
      subtitle={registrationDialogSubtitle(event)}
      onCancel={onClose}
      onSubmit={submit}
      submitting={creating}
      acceptLabel={t("start.dialog.submit")}
      wide
    >
      <CompetitionFormFields mode="create" event={facts} form={form} ownClubs={ownClubs} districtClubsOf={districtClubsOf} />
    </FormDialog>
  );
}
