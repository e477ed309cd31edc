import { graphql, type PreloadedQuery } from "react-relay";
import { DexamFormFields } from "../../dexam/DexamFormFields";
import { dexamInput, emptyDexamForm, validateDexamForm } from "../../dexam/dexamForm";
import { useDexamEvent } from "../../dexam/useDexamEvent";
import { useDexamForm } from "../../dexam/useDexamForm";
import { t } from "../../i18n/translate";
import { type CreateFormProps, RegistrationCreateDialog, RegistrationFormDialog } from "../../registration/RegistrationDialog";
import type { DexamCreateDialogQuery } from "./__generated__/DexamCreateDialogQuery.graphql";
import { useCreateDexamRegistration } from "./useCreateDexamRegistration";

const CREATE_QUERY = graphql`
  query DexamCreateDialogQuery($eventId: ID!) {
    viewer { ...RegistrationDialog_viewer }
    node(id: $eventId) { ... on Event @alias(as: "event") { ...RegistrationDialog_event ...useDexamEvent_event } }
  }
`;

/**
 * "Neue D-Prüfungsanmeldung anlegen" (R-ST025..R-ST029) for D-exam and camp events: loads the
 * event's locations and the viewer's clubs, checks the form in the browser with the server's rules
 * (focus on the first invalid field), and sends it with "Absenden" (the shell: RegistrationCreateDialog).
 */
export function DexamCreateDialog({ query, onClose }: { query: PreloadedQuery<DexamCreateDialogQuery>; onClose: () => void }) {
  return <RegistrationCreateDialog queryNode={CREATE_QUERY} query={query} onClose={onClose} form={DexamCreateForm} />;
}

function DexamCreateForm({ eventId, event, ownClubs, districtClubsOf, dialog }: CreateFormProps<DexamCreateDialogQuery>) {
  const facts = useDexamEvent(event);
  const form = useDexamForm(() => emptyDexamForm(ownClubs.map((c) => c.value)));
  const [create, creating] = useCreateDexamRegistration();
  return (
    <RegistrationFormDialog
      {...dialog}
      title={t("start.dialog.dexamTitle")}
      form={form}
      validate={(values) => validateDexamForm(values, { mode: "create", event: facts })}
      save={(values) => create({ eventId, input: dexamInput(values, { mode: "create", event: facts }) }, { required: ["eventId"] })}
      saving={creating}
    >
      <DexamFormFields mode="create" event={facts} form={form} ownClubs={ownClubs} districtClubsOf={districtClubsOf} />
    </RegistrationFormDialog>
  );
}
