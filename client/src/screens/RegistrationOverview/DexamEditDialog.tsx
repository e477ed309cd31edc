import { graphql, useFragment } from "react-relay";
import { DexamFormFields } from "../../dexam/DexamFormFields";
import { campAccessOf, dexamFormValues, dexamInput, validateDexamForm, withoutCampErrors } from "../../dexam/dexamForm";
import { useDexamEvent } from "../../dexam/useDexamEvent";
import { useDexamForm } from "../../dexam/useDexamForm";
import { t } from "../../i18n/translate";
import { type EditFormProps, RegistrationEditDialog, RegistrationFormDialog, useEditFacts } from "../../registration/RegistrationDialog";
import { TimetableSection } from "../../registration/TimetableSlots";
import type { DexamEditDialog_registration$key } from "./__generated__/DexamEditDialog_registration.graphql";
import type { DexamEditDialogQuery } from "./__generated__/DexamEditDialogQuery.graphql";
import { useUpdateDexamRegistration } from "./useUpdateDexamRegistration";

const EDIT_QUERY = graphql`
  query DexamEditDialogQuery($id: ID!) {
    viewer { ...RegistrationDialog_clubs }
    node(id: $id) { ...DexamEditDialog_registration @alias(as: "registration") }
  }
`;

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
 * nicht geladen werden: …" and close the dialog (the shell: RegistrationEditDialog). Another account
 * of the club than the one that registered sees "Angaben zur Freizeit vorhanden" instead of the camp
 * fields and sends no camp data: the server keeps the stored ones.
 */
export function DexamEditDialog({ registrationId, onClose }: Props) {
  return (
    <RegistrationEditDialog<DexamEditDialogQuery>
      queryNode={EDIT_QUERY}
      registrationId={registrationId}
      loadError="error.dexamRegistration.load"
      onClose={onClose}
      form={DexamEditForm}
    />
  );
}

function DexamEditForm({ registration, clubs, onClose }: EditFormProps<DexamEditDialog_registration$key>) {
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
        timetableSlots {
          ...TimetableSlots_slots
        }
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
  const facts = useEditFacts(r, clubs);
  const { scope, manage } = facts;
  // another account of the club than the registering one: the camp data stay as stored, unseen
  const campAccess = campAccessOf(r);
  const form = useDexamForm(() => dexamFormValues(r));
  const [update, updating] = useUpdateDexamRegistration();
  return (
    <RegistrationFormDialog
      title={scope === "NONE" ? t("dexamForm.viewTitle") : t("dexamForm.editTitle")}
      readOnly={scope === "NONE"}
      form={form}
      validate={(values) => withoutCampErrors(validateDexamForm(values, { mode: "edit", event, scope }), campAccess)}
      // the version the edit is based on: a save over a newer change is refused (CONFLICT)
      save={(values) => update({ id: r.id, input: { ...dexamInput(values, { mode: "edit", event, manage, campAccess }), version: r.version } })}
      saving={updating}
      onClose={onClose}
    >
      <TimetableSection slots={r.timetableSlots} />
      <DexamFormFields {...facts} event={event} form={form} healthConsentAccepted={r.healthConsentAccepted} campAccess={campAccess} />
    </RegistrationFormDialog>
  );
}
