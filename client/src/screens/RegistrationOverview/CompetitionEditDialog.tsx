import { graphql, useFragment } from "react-relay";
import { CompetitionFormFields } from "../../competition/CompetitionFormFields";
import { competitionFormValues, competitionInput, validateCompetitionForm } from "../../competition/competitionForm";
import { useCompetitionEvent } from "../../competition/useCompetitionEvent";
import { useCompetitionForm } from "../../competition/useCompetitionForm";
import { t } from "../../i18n/translate";
import { type EditFormProps, RegistrationEditDialog, RegistrationFormDialog, useEditFacts } from "../../registration/RegistrationDialog";
import { TimetableSection } from "../../registration/TimetableSlots";
import type { CompetitionEditDialog_registration$key } from "./__generated__/CompetitionEditDialog_registration.graphql";
import type { CompetitionEditDialogQuery } from "./__generated__/CompetitionEditDialogQuery.graphql";
import { useUpdateCompetitionRegistration } from "./useUpdateCompetitionRegistration";

const EDIT_QUERY = graphql`
  query CompetitionEditDialogQuery($id: ID!) {
    viewer { ...RegistrationDialog_clubs }
    node(id: $id) { ...CompetitionEditDialog_registration @alias(as: "registration") }
  }
`;

/**
 * "Wertungsspielanmeldung bearbeiten": the competition form without consents, loaded fresh by id
 * (`registrationId`, the CompetitionRegistration's global id). What may change follows
 * viewerCan.edit (R-CF019): ALL everything, SONGS only the pieces, NONE nothing (read-only,
 * "Schließen" only). registration_manage (viewerCan.manage) also sets "Unterlagen vollständig" and
 * "Storniert am". The save sends the loaded version (no lost updates). Loading errors show
 * "Wertungsspielanmeldung kann nicht geladen werden: …" and close the dialog (the shell:
 * RegistrationEditDialog); `onClose` follows "Schließen", "Abbrechen" and a successful save.
 */
export function CompetitionEditDialog(props: { registrationId: string; onClose: () => void }) {
  return (
    <RegistrationEditDialog<CompetitionEditDialogQuery>
      {...props}
      queryNode={EDIT_QUERY}
      loadError="error.competitionRegistration.load"
      form={CompetitionEditForm}
    />
  );
}

function CompetitionEditForm({ registration, clubs, onClose }: EditFormProps<CompetitionEditDialog_registration$key>) {
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
        timetableSlots {
          ...TimetableSlots_slots
        }
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
  const facts = useEditFacts(r, clubs);
  const form = useCompetitionForm(() => competitionFormValues(r));
  const [update, updating] = useUpdateCompetitionRegistration();
  const input = (values: typeof form.values) => ({ ...competitionInput(values, { mode: "edit", manage: facts.manage }), version: r.version });
  return (
    <RegistrationFormDialog
      title={facts.scope === "NONE" ? t("competitionForm.viewTitle") : t("competitionForm.editTitle")}
      readOnly={facts.scope === "NONE"}
      form={form}
      validate={(values) => validateCompetitionForm(values, { mode: "edit", event, scope: facts.scope })}
      save={(values) => update({ id: r.id, input: input(values) })}
      saving={updating}
      onClose={onClose}
    >
      <TimetableSection slots={r.timetableSlots} />
      <CompetitionFormFields {...facts} event={event} form={form} />
    </RegistrationFormDialog>
  );
}
