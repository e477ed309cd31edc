import { Suspense, useEffect, useMemo } from "react";
import { graphql, useFragment, useLazyLoadQuery } from "react-relay";
import { CompetitionFormFields } from "../../competition/CompetitionFormFields";
import { competitionFormValues, competitionInput, validateCompetitionForm } from "../../competition/competitionForm";
import { useCompetitionEvent } from "../../competition/useCompetitionEvent";
import { useCompetitionForm } from "../../competition/useCompetitionForm";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { FormDialog } from "../../components/FormDialog";
import { LoadFailure } from "../../components/LoadFailure";
import { hasErrors } from "../../forms/fieldErrors";
import { t } from "../../i18n/translate";
import { clubOptions, editScopeOf, formErrorsOf } from "../../registration/formValues";
import type { CompetitionEditDialog_registration$key } from "./__generated__/CompetitionEditDialog_registration.graphql";
import type { CompetitionEditDialogQuery, CompetitionEditDialogQuery$data } from "./__generated__/CompetitionEditDialogQuery.graphql";
import { useUpdateCompetitionRegistration } from "./useUpdateCompetitionRegistration";

type Props = {
  /** Relay global id of the CompetitionRegistration */
  registrationId: string;
  /** after "Schließen" or "Abbrechen", and after a successful save (its answer updates the registration's record) */
  onClose: () => void;
};

/**
 * "Wertungsspielanmeldung bearbeiten": the competition form without consents, loaded fresh by id.
 * What may change follows viewerCan.edit (R-CF019): ALL everything, SONGS only the pieces, NONE
 * nothing (read-only, "Schließen" only). registration_manage (viewerCan.manage) also sets
 * "Unterlagen vollständig" and "Storniert am". The save sends the loaded version (no lost updates).
 * Loading errors show "Wertungsspielanmeldung kann nicht geladen werden: …" and close the dialog.
 */
export function CompetitionEditDialog(props: Props) {
  return (
    <ErrorBoundary fallback={(error) => <LoadFailure prefix="error.competitionRegistration.load" error={error} onDismiss={props.onClose} />}>
      <Suspense fallback={null}>
        <CompetitionEditLoader {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}

function CompetitionEditLoader({ registrationId, onClose }: Props) {
  const data = useLazyLoadQuery<CompetitionEditDialogQuery>(
    graphql`
      query CompetitionEditDialogQuery($id: ID!) {
        viewer {
          associations {
            id
            name
          }
        }
        node(id: $id) {
          ...CompetitionEditDialog_registration @alias(as: "registration")
        }
      }
    `,
    { id: registrationId },
    { fetchPolicy: "network-only" },
  );
  const registration = data.node?.registration ?? null;
  useEffect(() => {
    // deleted meanwhile (or not visible): nothing to edit
    if (!registration) onClose();
  }, [registration, onClose]);
  if (!registration) return null;
  return <CompetitionEditForm registration={registration} viewer={data.viewer} onClose={onClose} />;
}

function CompetitionEditForm({
  registration,
  viewer,
  onClose,
}: {
  registration: CompetitionEditDialog_registration$key;
  viewer: CompetitionEditDialogQuery$data["viewer"];
  onClose: () => void;
}) {
  const r = useFragment(
    graphql`
      fragment CompetitionEditDialog_registration on CompetitionRegistration {
        id
        name
        association {
          id
          name
        }
        type
        cast
        category
        ageGroup
        conductorName
        numberOfMusicians
        members
        remarks
        songs {
          name
          composer
          publisher
          arranger
          duration
        }
        songsComplete
        documentsComplete
        cancelledAt
        version
        event {
          districtAssociationId
          ...useCompetitionEvent_event
        }
        viewerCan {
          edit
          manage
        }
      }
    `,
    registration,
  );
  const event = useCompetitionEvent(r.event);
  const scope = editScopeOf(r.viewerCan.edit);
  const manage = r.viewerCan.manage;
  const ownClubs = useMemo(() => clubOptions(viewer.associations, r.association), [viewer.associations, r.association]);
  const form = useCompetitionForm(() => competitionFormValues(r));
  const [update, updating] = useUpdateCompetitionRegistration();

  const submit = async () => {
    const found = validateCompetitionForm(form.values, { mode: "edit", event, scope });
    form.showErrors(found);
    if (hasErrors(found)) return;
    // the version the edit is based on: a save over a newer change is refused (CONFLICT)
    const result = await update({ id: r.id, input: { ...competitionInput(form.values, { mode: "edit", manage }), version: r.version } });
    if (!result.ok) {
      form.showErrors(formErrorsOf(result.fieldErrors));
      return;
    }
    onClose();
  };

  return (
    <FormDialog
      title={scope === "NONE" ? t("competitionForm.viewTitle") : t("competitionForm.editTitle")}
      onCancel={onClose}
      onSubmit={scope === "NONE" ? undefined : submit}
      submitting={updating}
      wide
    >
      <CompetitionFormFields
        mode="edit"
        event={event}
        form={form}
        scope={scope}
        manage={manage}
        ownClubs={ownClubs}
        districtClubsOf={manage ? r.event.districtAssociationId : null}
        songsComplete={r.songsComplete}
      />
    </FormDialog>
  );
}
