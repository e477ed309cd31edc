import { Suspense, useEffect, useMemo } from "react";
import { graphql, useFragment, useLazyLoadQuery } from "react-relay";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { FormDialog } from "../../components/FormDialog";
import { LoadFailure } from "../../components/LoadFailure";
import { DexamFormFields } from "../../dexam/DexamFormFields";
import {
  campAccessOf,
  clubOptions,
  dexamFormValues,
  dexamInput,
  type EditScope,
  formErrorsOf,
  validateDexamForm,
  withoutCampErrors,
} from "../../dexam/dexamForm";
import { useDexamEvent } from "../../dexam/useDexamEvent";
import { useDexamForm } from "../../dexam/useDexamForm";
import { hasErrors } from "../../forms/fieldErrors";
import { t } from "../../i18n/translate";
import type { DexamEditDialog_registration$key } from "./__generated__/DexamEditDialog_registration.graphql";
import type { DexamEditDialogQuery, DexamEditDialogQuery$data } from "./__generated__/DexamEditDialogQuery.graphql";
import { useUpdateDexamRegistration } from "./useUpdateDexamRegistration";

type Props = {
  /** Relay global id of the DexamRegistration */
  registrationId: string;
  /** after "Schließen" or "Abbrechen", and after a successful save (its answer updates the registration's record) */
  onClose: () => void;
};

/**
 * "D-Prüfungsanmeldung bearbeiten": the D-exam form without consents and consent upload, loaded
 * fresh by id. What may change follows viewerCan.edit (R-DF035): ALL everything, SONGS only the
 * exam pieces, NONE nothing (read-only, "Schließen" only). registration_manage (viewerCan.manage)
 * also sets "Teilprüfung geprüft" and "Storniert am". Loading errors show "D-Prüfungsanmeldung kann
 * nicht geladen werden: …" and close the dialog. Another account of the club than the one that
 * registered sees "Angaben zur Freizeit vorhanden" instead of the camp fields and sends no camp
 * data: the server keeps the stored ones.
 */
export function DexamEditDialog(props: Props) {
  return (
    <ErrorBoundary fallback={(error) => <LoadFailure prefix="error.dexamRegistration.load" error={error} onDismiss={props.onClose} />}>
      <Suspense fallback={null}>
        <DexamEditLoader {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}

function DexamEditLoader({ registrationId, onClose }: Props) {
  const data = useLazyLoadQuery<DexamEditDialogQuery>(
    graphql`
      query DexamEditDialogQuery($id: ID!) {
        viewer {
          associations {
            id
            name
          }
        }
        node(id: $id) {
          ...DexamEditDialog_registration @alias(as: "registration")
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
  return <DexamEditForm registration={registration} viewer={data.viewer} onClose={onClose} />;
}

function DexamEditForm({
  registration,
  viewer,
  onClose,
}: {
  registration: DexamEditDialog_registration$key;
  viewer: DexamEditDialogQuery$data["viewer"];
  onClose: () => void;
}) {
  const r = useFragment(
    graphql`
      fragment DexamEditDialog_registration on DexamRegistration {
        id
        firstname
        lastname
        birthdate
        gender
        association {
          id
          name
        }
        instrument
        type
        theoryLocation {
          id
        }
        practiceLocation {
          id
        }
        preparationLocation {
          id
        }
        partialResultType
        partialResultDistrict
        partialResultYear
        partialResultLocation
        partialResultPoints
        existingPartialResultVerified
        songs {
          number
          name
        }
        songsComplete
        remarks
        camp {
          diseases
          intolerances
          allergies
          mealRequest
          vaccinations {
            type
            available
            date
          }
          emergencyContacts {
            name
            phone
          }
        }
        healthConsentAccepted
        campDataWithheld
        cancelledAt
        version
        event {
          districtAssociationId
          ...useDexamEvent_event
        }
        viewerCan {
          edit
          manage
          readCampData
        }
      }
    `,
    registration,
  );
  const event = useDexamEvent(r.event);
  const scope: EditScope = r.viewerCan.edit === "ALL" || r.viewerCan.edit === "SONGS" ? r.viewerCan.edit : "NONE";
  const manage = r.viewerCan.manage;
  // another account of the club than the registering one: the camp data stay as stored, unseen
  const campAccess = campAccessOf(r);
  const ownClubs = useMemo(() => clubOptions(viewer.associations, r.association), [viewer.associations, r.association]);
  const form = useDexamForm(() => dexamFormValues(r));
  const [update, updating] = useUpdateDexamRegistration();

  const submit = async () => {
    const found = withoutCampErrors(validateDexamForm(form.values, { mode: "edit", event, scope }), campAccess);
    form.showErrors(found);
    if (hasErrors(found)) return;
    // the version the edit is based on: a save over a newer change is refused (CONFLICT)
    const result = await update({ id: r.id, input: { ...dexamInput(form.values, { mode: "edit", event, manage, campAccess }), version: r.version } });
    if (!result.ok) {
      form.showErrors(formErrorsOf(result.fieldErrors));
      return;
    }
    onClose();
  };

  return (
    <FormDialog
      title={scope === "NONE" ? t("dexamForm.viewTitle") : t("dexamForm.editTitle")}
      onCancel={onClose}
      onSubmit={scope === "NONE" ? undefined : submit}
      submitting={updating}
      wide
    >
      <DexamFormFields
        mode="edit"
        event={event}
        form={form}
        scope={scope}
        manage={manage}
        ownClubs={ownClubs}
        districtClubsOf={manage ? r.event.districtAssociationId : null}
        songsComplete={r.songsComplete}
        healthConsentAccepted={r.healthConsentAccepted}
        campAccess={campAccess}
      />
    </FormDialog>
  );
}
