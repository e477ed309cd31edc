import { useEffect, useMemo } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { FormDialog } from "../../components/FormDialog";
import { LoadFailure } from "../../components/LoadFailure";
import { DexamFormFields } from "../../dexam/DexamFormFields";
import { choosesDistrictClubs, clubOptions, dexamInput, emptyDexamForm, formErrorsOf, validateDexamForm } from "../../dexam/dexamForm";
import { useDexamEvent } from "../../dexam/useDexamEvent";
import { useDexamForm } from "../../dexam/useDexamForm";
import { hasErrors } from "../../forms/fieldErrors";
import { t } from "../../i18n/translate";
import type { DexamCreateDialogQuery, DexamCreateDialogQuery$data } from "./__generated__/DexamCreateDialogQuery.graphql";
import { registrationDialogSubtitle } from "./startCards";
import { useCreateDexamRegistration } from "./useCreateDexamRegistration";

/**
 * "Neue D-Prüfungsanmeldung anlegen" (R-ST025..R-ST029) for D-exam and camp events: loads the
 * event's locations and the viewer's clubs, checks the form in the browser with the server's rules
 * (focus on the first invalid field), and sends it with "Absenden". The opener loads `query`
 * (useNewRegistrationDialog) and shows the dialog in a transition: there is no Suspense boundary
 * here, so the opener's screen stays until code and data are there and the form opens complete.
 */
export function DexamCreateDialog({ query, onClose }: { query: PreloadedQuery<DexamCreateDialogQuery>; onClose: () => void }) {
  return (
    <ErrorBoundary fallback={(error) => <LoadFailure prefix="error.event.load" error={error} onDismiss={onClose} />}>
      <DexamCreateLoader query={query} onClose={onClose} />
    </ErrorBoundary>
  );
}

function DexamCreateLoader({ query, onClose }: { query: PreloadedQuery<DexamCreateDialogQuery>; onClose: () => void }) {
  const data = usePreloadedQuery<DexamCreateDialogQuery>(
    graphql`
      query DexamCreateDialogQuery($eventId: ID!) {
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
            ...useDexamEvent_event
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
  return <DexamCreateForm eventId={eventId} event={event} viewer={data.viewer} onClose={onClose} />;
}

type LoadedEvent = NonNullable<NonNullable<DexamCreateDialogQuery$data["node"]>["event"]>;

function DexamCreateForm({
  eventId,
  event,
  viewer,
  onClose,
}: {
  eventId: string;
  event: LoadedEvent;
  viewer: DexamCreateDialogQuery$data["viewer"];
  onClose: () => void;
}) {
  const facts = useDexamEvent(event);
  const ownClubs = useMemo(() => clubOptions(viewer.associations), [viewer.associations]);
  const form = useDexamForm(() => emptyDexamForm(ownClubs.map((c) => c.value)));
  const [create, creating] = useCreateDexamRegistration();
  const districtClubsOf = choosesDistrictClubs(viewer, event) ? event.districtAssociationId : null;

  const submit = async () => {
    const found = validateDexamForm(form.values, { mode: "create", event: facts });
    form.showErrors(found);
    if (hasErrors(found)) return;
    const result = await create({ eventId, input: dexamInput(form.values, { mode: "create", event: facts }) }, { required: ["eventId"] });
    if (result.ok) onClose();
    else form.showErrors(formErrorsOf(result.fieldErrors));
  };

  return (
    <FormDialog
      title={t("start.dialog.dexamTitle")}
      subtitle={registrationDialogSubtitle(event)}
      onCancel={onClose}
      onSubmit={submit}
      submitting={creating}
      acceptLabel={t("start.dialog.submit")}
      wide
    >
      <DexamFormFields mode="create" event={facts} form={form} ownClubs={ownClubs} districtClubsOf={districtClubsOf} />
    </FormDialog>
  );
}
